/**
 * The music player's three tracks (spec point 2, "A music player with 3 looping tracks"), made
 * from nothing but arithmetic: chords, a bass line and an arpeggio, synthesized here and encoded as
 * Ogg Opus by ffmpeg into src-client/public/music/. Each track is a whole number of bars, and every
 * note that rings past the end wraps around to the start, so the file loops without a seam. The
 * files are committed: only someone changing the music needs ffmpeg (docs/music.md).
 *
 *   npx tsx scripts/make-music.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const RATE = 48_000;

interface Track {
  file: string;
  bpm: number;
  /** One chord per bar, as MIDI note numbers (root first). */
  chords: number[][];
  /** How many times the chord list is played: the track's length in bars is chords × repeats. */
  repeats: number;
  /** The arpeggio's pattern over a bar of eighth notes, as indices into the chord (an index past its end: an octave up). */
  arpeggio: number[];
  /** The arpeggio's voice: 'pluck' (a plucked string) or 'bell' (a soft bell). */
  voice: 'pluck' | 'bell';
}

// C major, I–vi–IV–V: a calm morning.
const C = [60, 64, 67];
const Am = [57, 60, 64];
const F = [53, 57, 60];
const G = [55, 59, 62];
const Dm = [50, 53, 57];
const Em = [52, 55, 59];
const Bb = [58, 62, 65];

export const TRACKS: Track[] = [
  {
    file: 'morning.ogg',
    bpm: 96,
    chords: [C, Am, F, G],
    repeats: 3,
    arpeggio: [0, 1, 2, 3, 2, 1, 0, 1],
    voice: 'pluck',
  },
  {
    file: 'focus.ogg',
    bpm: 80,
    chords: [Am, F, C, G, Am, Dm, Em, Am],
    repeats: 1,
    arpeggio: [0, 2, 1, 3, 0, 2, 1, 4],
    voice: 'pluck',
  },
  {
    file: 'bright.ogg',
    bpm: 112,
    chords: [F, Dm, Bb.map((n) => n - 12), C],
    repeats: 4,
    arpeggio: [0, 1, 2, 4, 3, 2, 4, 1],
    voice: 'bell',
  },
];

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A stereo buffer whose writes wrap around its end: what rings past the end is heard at the start. */
class LoopBuffer {
  readonly left: Float32Array;
  readonly right: Float32Array;
  constructor(readonly length: number) {
    this.left = new Float32Array(length);
    this.right = new Float32Array(length);
  }
  add(at: number, value: number, pan: number) {
    const i = ((at % this.length) + this.length) % this.length;
    this.left[i]! += value * (1 - pan);
    this.right[i]! += value * (1 + pan);
  }
}

/** A soft pad: three slightly detuned sines per note, slow in and out, over `seconds`. */
function pad(out: LoopBuffer, start: number, seconds: number, notes: number[]) {
  const length = Math.round(seconds * RATE);
  const release = Math.round(0.6 * RATE);
  for (const note of notes)
    for (const [detune, pan] of [
      [-0.003, -0.4],
      [0, 0],
      [0.003, 0.4],
    ] as const) {
      const f = hz(note) * (1 + detune);
      for (let i = 0; i < length + release; i++) {
        const t = i / RATE;
        const attack = Math.min(1, t / 0.4);
        const tail = i < length ? 1 : 1 - (i - length) / release;
        const wave = Math.sin(2 * Math.PI * f * t) + 0.15 * Math.sin(4 * Math.PI * f * t);
        out.add(start + i, 0.022 * attack * tail * wave, pan);
      }
    }
}

/** A plucked or bell-like note that fades by itself. */
function note(
  out: LoopBuffer,
  start: number,
  midi: number,
  voice: Track['voice'],
  pan: number,
  gain: number,
) {
  const f = hz(midi);
  const length = Math.round((voice === 'bell' ? 2.2 : 1.4) * RATE);
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.006);
    const wave =
      voice === 'bell'
        ? Math.exp(-t * 2.2) * Math.sin(2 * Math.PI * f * t) +
          0.35 * Math.exp(-t * 4) * Math.sin(2 * Math.PI * f * 2.76 * t)
        : Math.exp(-t * 3.2) * Math.sin(2 * Math.PI * f * t) +
          0.3 * Math.exp(-t * 7) * Math.sin(4 * Math.PI * f * t) +
          0.1 * Math.exp(-t * 11) * Math.sin(6 * Math.PI * f * t);
    out.add(start + i, gain * attack * wave, pan);
  }
}

/** A round bass note on the chord's root, two octaves down. */
function bass(out: LoopBuffer, start: number, seconds: number, midi: number) {
  const f = hz(midi - 24);
  const length = Math.round(seconds * RATE);
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const env = Math.min(1, t / 0.02) * Math.exp(-t * 1.5) * Math.min(1, (length - i) / (0.05 * RATE));
    out.add(start + i, 0.11 * env * Math.sin(2 * Math.PI * f * t), 0);
  }
}

/** An echo that wraps around too: a few fading copies, a dotted eighth apart, alternating sides. */
function echo(out: LoopBuffer, bpm: number) {
  const delay = Math.round((60 / bpm) * 0.75 * RATE);
  const dryL = out.left.slice();
  const dryR = out.right.slice();
  for (let tap = 1; tap <= 4; tap++) {
    const gain = 0.28 * 0.55 ** (tap - 1);
    for (let i = 0; i < out.length; i++) {
      const from = (((i - tap * delay) % out.length) + out.length) % out.length;
      const [l, r] = tap % 2 ? [dryR[from]!, dryL[from]!] : [dryL[from]!, dryR[from]!];
      out.left[i]! += gain * l;
      out.right[i]! += gain * r;
    }
  }
}

/** The track's samples: bars of pad, bass and arpeggio, each bar's chord in turn. */
export function render(track: Track): LoopBuffer {
  const beat = 60 / track.bpm;
  const bar = 4 * beat;
  const bars = track.chords.length * track.repeats;
  const out = new LoopBuffer(Math.round(bars * bar * RATE));
  for (let b = 0; b < bars; b++) {
    const chord = track.chords[b % track.chords.length]!;
    const at = Math.round(b * bar * RATE);
    pad(out, at, bar, chord);
    bass(out, at, beat * 1.8, chord[0]!);
    bass(out, at + Math.round(2 * beat * RATE), beat * 1.8, chord[0]! + (b % 2 ? 7 : 0));
    // The first pass of the chords is quieter: the melody comes in.
    const gain = b < track.chords.length && track.repeats > 1 ? 0.05 : 0.075;
    track.arpeggio.forEach((index, step) => {
      const midi = chord[index % chord.length]! + 12 * (1 + Math.floor(index / chord.length));
      const pan = step % 2 ? 0.3 : -0.3;
      note(out, at + Math.round(step * (beat / 2) * RATE), midi, track.voice, pan, gain);
    });
  }
  echo(out, track.bpm);
  return out;
}

/** 16-bit stereo WAV bytes, normalized to -1 dBFS. */
function wav(buffer: LoopBuffer): Buffer {
  let peak = 0;
  for (let i = 0; i < buffer.length; i++)
    peak = Math.max(peak, Math.abs(buffer.left[i]!), Math.abs(buffer.right[i]!));
  const scale = (0.89 / peak) * 32767;
  const data = Buffer.alloc(buffer.length * 4);
  for (let i = 0; i < buffer.length; i++) {
    data.writeInt16LE(Math.round(buffer.left[i]! * scale), i * 4);
    data.writeInt16LE(Math.round(buffer.right[i]! * scale), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function main() {
  const folder = path.join(import.meta.dirname, '..', 'src-client', 'public', 'music');
  mkdirSync(folder, { recursive: true });
  for (const track of TRACKS) {
    const target = path.join(folder, track.file);
    const samples = render(track);
    const encoded = spawnSync(
      'ffmpeg',
      ['-y', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', '-c:a', 'libopus', '-b:a', '40k', target],
      { input: wav(samples), stdio: ['pipe', 'inherit', 'inherit'], maxBuffer: 1 << 30 },
    );
    if (encoded.status !== 0) throw new Error(`ffmpeg failed for ${track.file}`);
    const seconds = samples.length / RATE;
    console.log(`${track.file}: ${seconds.toFixed(1)} s, ${Math.round(statSync(target).size / 1024)} KB`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
