import type { ScannedParcel, ScanResult } from '@haat/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';

/** One scan on the desk's running list. `waiting`: read and queued, its answer not back yet. */
export interface ScanEntry {
  key: string;
  code: string;
  /** The courier it was scanned for (the dispatch desk). */
  courierId: number | null;
  state: 'waiting' | 'done' | 'already' | 'refused' | 'undone';
  /** The refusal in words (the server's, in the reader's language); empty otherwise. */
  message: string;
  order: ScannedParcel | null;
  at: string;
}

export type ScanCue = 'ok' | 'repeat' | 'refused';

let audio: AudioContext | null = null;

/**
 * A sound the packer hears without looking up: one short high beep when the parcel is taken, two
 * for a repeat, a low buzz for a refusal. The colour of the row and the banner say the same.
 */
export function playCue(cue: ScanCue): void {
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const tones: [frequency: number, start: number, length: number][] =
      cue === 'ok'
        ? [[1320, 0, 0.09]]
        : cue === 'repeat'
          ? [
              [990, 0, 0.07],
              [990, 0.12, 0.07],
            ]
          : [[220, 0, 0.45]];
    for (const [frequency, start, length] of tones) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = cue === 'refused' ? 'square' : 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + start);
      oscillator.stop(audio.currentTime + start + length);
    }
  } catch {
    // No sound (the browser refused audio): the colours still tell.
  }
}

function load(storageKey: string): ScanEntry[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as ScanEntry[];
    return Array.isArray(stored) ? stored.filter((entry) => entry.state !== 'waiting') : [];
  } catch {
    return [];
  }
}

let counter = 0;

/**
 * The desk's queue of scans (decision 059). `submit` puts the scan on the list at once and returns:
 * the input is cleared and ready for the next parcel before the server has answered. Scans go to
 * the server one after another in the order they were read (so a parcel scanned twice is answered
 * "already" the second time), and each row turns green, blue or red when its answer arrives. The
 * list survives a reload of the tab (sessionStorage), so a hand-over sheet is not lost.
 */
export function useScanQueue(storageKey: string, send: (entry: ScanEntry) => Promise<ScanResult>) {
  const [entries, setEntries] = useState<ScanEntry[]>(() => load(storageKey));
  const queue = useRef<ScanEntry[]>([]);
  const running = useRef(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(entries.filter((entry) => entry.state !== 'waiting')));
    } catch {
      // A full or blocked storage only loses the list on reload.
    }
  }, [entries, storageKey]);

  const update = useCallback((key: string, patch: Partial<ScanEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let entry = queue.current.shift(); entry; entry = queue.current.shift()) {
        try {
          const result = await sendRef.current(entry);
          const state = result.result === 'already' ? 'already' : 'done';
          update(entry.key, { state, order: result.order, message: '' });
          playCue(state === 'already' ? 'repeat' : 'ok');
        } catch (error) {
          const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
          update(entry.key, { state: 'refused', message });
          playCue('refused');
        }
      }
    } finally {
      running.current = false;
    }
  }, [update]);

  const submit = useCallback(
    (code: string, courierId: number | null = null) => {
      const trimmed = code.trim();
      if (!trimmed) return;
      counter += 1;
      const entry: ScanEntry = {
        key: `${Date.now()}-${counter}`,
        code: trimmed,
        courierId,
        state: 'waiting',
        message: '',
        order: null,
        at: new Date().toISOString(),
      };
      setEntries((list) => [entry, ...list]);
      queue.current.push(entry);
      void pump();
    },
    [pump],
  );

  const clear = useCallback(() => setEntries((list) => list.filter((entry) => entry.state === 'waiting')), []);

  return { entries, submit, update, clear, waiting: entries.filter((entry) => entry.state === 'waiting').length };
}
