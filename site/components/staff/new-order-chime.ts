/**
 * The sound of a new order: two short rising tones made with Web Audio (no file to fetch).
 * Browsers keep a page's audio suspended until someone touches it, so the board makes its audio
 * context at load and, while it is not running, shows 'Sound is off: tap to turn on' (any tap or
 * key on the page also turns it on). A context that stops later (a tablet's audio taken by
 * another app) turns the warning back on: `watchSound` reports each change.
 */
let context: AudioContext | null = null;

/** 'on': sounds play; 'off': suspended until a tap; 'unsupported': this browser has no Web Audio. */
export type SoundState = 'on' | 'off' | 'unsupported';

function audio(): AudioContext | null {
  if (context) return context;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

export function soundState(): SoundState {
  const ctx = audio();
  if (!ctx) return 'unsupported';
  return ctx.state === 'running' ? 'on' : 'off';
}

/** Calls `onChange` with the state whenever the audio starts or stops; answers the unsubscribe. */
export function watchSound(onChange: (state: SoundState) => void): () => void {
  const ctx = audio();
  if (!ctx) return () => {};
  const changed = () => onChange(soundState());
  ctx.addEventListener('statechange', changed);
  return () => ctx.removeEventListener('statechange', changed);
}

/** Turns the sound on; call it from a tap, a click or a key. Answers the state after. */
export async function unlockChime(): Promise<SoundState> {
  const ctx = audio();
  if (!ctx) return 'unsupported';
  if (ctx.state !== 'running') {
    // A browser that still refuses may leave resume() waiting: a second is long enough to know.
    const refused = new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.race([ctx.resume().catch(() => undefined), refused]);
  }
  return soundState();
}

/** Plays the chime; false when the sound is off (nothing is heard, so nothing is played). */
export function playChime(): boolean {
  const ctx = audio();
  if (!ctx || ctx.state !== 'running') return false;
  const start = ctx.currentTime + 0.01;
  [880, 1320].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.17);
  });
  return true;
}
