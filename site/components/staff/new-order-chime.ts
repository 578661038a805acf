/**
 * The sound of a new order: two short rising tones made with Web Audio (no file to fetch); the
 * alarm for a problem on an order: four tones falling and rising, lower and harsher, so the
 * kitchen tells them apart.
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

/** The new-order chime's tones, in Hz. */
export const CHIME_HZ = [880, 1320] as const;
/** The problem alarm's tones, in Hz. */
export const ALARM_HZ = [660, 440, 660, 440] as const;

/**
 * Plays these tones one after the other, `step` seconds each, from `delay` seconds on, rising to
 * `peak` volume; false when the sound is off.
 */
function play(frequencies: readonly number[], type: OscillatorType, step: number, delay: number, peak = 0.4): boolean {
  const ctx = audio();
  if (!ctx || ctx.state !== 'running') return false;
  const start = ctx.currentTime + 0.01 + delay;
  frequencies.forEach((frequency, index) => {
    const at = start + index * step;
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = type;
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(peak, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + step - 0.02);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + step - 0.01);
  });
  return true;
}

/** Plays the chime; false when the sound is off (nothing is heard, so nothing is played). */
export const playChime = (): boolean => play(CHIME_HZ, 'sine', 0.18, 0);

/**
 * Plays the problem alarm; false when the sound is off. `afterChime`: a chime plays now too, so
 * the alarm waits for it to end rather than sound over it.
 */
export const playAlarm = (afterChime = false): boolean => play(ALARM_HZ, 'square', 0.2, afterChime ? 0.4 : 0, 0.25);
