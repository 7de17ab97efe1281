import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRouteError } from 'react-router';
import { phrase } from '../lib/phrases';

/** The page loading bar of seed §9: #161745, 6px, at the top; white when the navigation failed. */
export const PROGRESS_BAR = { color: '#161745', failedColor: '#ffffff', thickness: '6px' } as const;

type Phase = 'idle' | 'running' | 'finishing';

export function ProgressBar({ failed = false }: { failed?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [width, setWidth] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  // `phase` is read, not watched: the bar reacts to navigation only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    window.clearInterval(timer.current);
    if (busy) {
      setPhase('running');
      setWidth(8);
      // Creeps towards 90% while the next page loads; never claims to be done.
      timer.current = window.setInterval(() => setWidth((current) => current + (90 - current) * 0.12), 200);
      return () => window.clearInterval(timer.current);
    }
    if (phase === 'running') {
      setPhase('finishing');
      setWidth(100);
      const done = window.setTimeout(() => {
        setPhase('idle');
        setWidth(0);
      }, 350);
      return () => window.clearTimeout(done);
    }
    return undefined;
  }, [busy]);

  if (phase === 'idle' && !failed) return null;
  return (
    <div
      className="page-progress"
      role="progressbar"
      aria-label={phrase('Page loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(failed ? 100 : width)}
      data-state={failed ? 'failed' : phase}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2000,
        height: PROGRESS_BAR.thickness,
        width: `${failed ? 100 : width}%`,
        background: failed ? PROGRESS_BAR.failedColor : PROGRESS_BAR.color,
        transition: 'width 200ms ease-out, opacity 300ms',
        opacity: phase === 'finishing' && !failed ? 0 : 1,
        pointerEvents: 'none',
      }}
    />
  );
}

/** Inside an error element: the bar that shows the navigation failed. */
export function FailedProgressBar() {
  useRouteError();
  return <ProgressBar failed />;
}

/** While the first page's code and data load, before the router can report navigation. */
export function InitialLoading() {
  return (
    <div
      className="page-progress"
      role="progressbar"
      aria-label={phrase('Page loading')}
      data-state="running"
      style={{ position: 'fixed', top: 0, left: 0, height: PROGRESS_BAR.thickness, width: '40%', background: PROGRESS_BAR.color }}
    />
  );
}
