import { Alert, Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { usePhrase } from '../../../lib/phrases';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorConstructor | null =>
  typeof window !== 'undefined' ? ((window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector ?? null) : null;

/** The same code read again within this long is the same parcel still in front of the camera. */
const SAME_PARCEL_MS = 2500;

/**
 * Scanning with the phone's camera through the browser's own BarcodeDetector (Chrome on Android,
 * Edge, Samsung Internet; no library to download). Where the browser has none, it says so and the
 * field (a USB scanner, or typing) still works.
 */
export function CameraScan({ onScan, disabled }: { onScan: (code: string) => void; disabled?: boolean }) {
  const phrase = usePhrase();
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!on) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: '', at: 0 };
    const detector = new Detector({ formats: ['code_128'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        for (const found of await detector.detect(video.current)) {
          const now = Date.now();
          if (found.rawValue && (found.rawValue !== last.code || now - last.at > SAME_PARCEL_MS)) onScanRef.current(found.rawValue);
          if (found.rawValue) Object.assign(last, { code: found.rawValue, at: now });
        }
      } catch {
        // A frame that could not be read: the next one is tried.
      }
      timer = setTimeout(look, 150);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem(phrase('The camera could not be opened: allow this page to use it, or scan with a USB scanner.')));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, phrase]);

  const supported = detectorClass() !== null;
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" disabled={disabled} onClick={() => setOn((value) => !value)}>
          {on ? phrase('Stop the camera') : phrase('Scan with the camera')}
        </Button>
      </Group>
      {on && !supported && (
        <Alert color="yellow">
          {phrase('This browser cannot read barcodes with the camera. Use Chrome on Android, a USB scanner, or type the number.')}
        </Alert>
      )}
      {on && problem && <Alert color="red">{problem}</Alert>}
      {on && supported && <video ref={video} className="scan-camera" muted playsInline aria-label={phrase('Camera')} />}
    </Stack>
  );
}
