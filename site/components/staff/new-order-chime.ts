/**
 * The sound of a new order: two short rising tones made with Web Audio (no file to fetch).
 * Browsers keep audio silent until someone touches the page, so the board asks for a tap
 * ('Turn on sound') when `canPlay()` says the audio is still locked.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** Unlocks the sound; call it from a tap or a click. */
export async function unlockChime(): Promise<boolean> {
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
  return ctx.state === 'running';
}

export function canPlay(): boolean {
  return context?.state === 'running';
}

export function playChime(): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
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
}
