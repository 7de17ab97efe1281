import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { serverMessage, usePhrase } from '../../lib/phrases';
import './toast.css';
import { closeToast, currentToasts, subscribe, TOAST_POSITIONS, type Toast } from './toast';

/** Renders every toast in its corner; mounted once at the root of the app. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  const phrase = usePhrase();
  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => toast.position === position);
        if (here.length === 0) return null;
        return (
          <section key={position} className={`toast-stack toast-${position}`} aria-label={phrase('Notifications')}>
            {here.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </section>
        );
      })}
    </>
  );
}

/**
 * A toast's title and message are declared in English (or come from the API: "The category was saved.") and show in
 * the reader's language, templates included (lib/translate-message.ts).
 */
function ToastItem({ toast }: { toast: Toast }) {
  const phrase = usePhrase();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.timeout);
  const startedAt = useRef(Date.now());

  useEffect(() => {
    if (toast.timeout <= 0 || paused) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => closeToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, toast.id, toast.timeout]);

  const role = toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status';
  return (
    // The close button is the keyboard way; a click anywhere on the toast is a pointer shortcut (seed §4).
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      role={role}
      data-toast-type={toast.type}
      data-toast-name={toast.name || undefined}
      className={`toast toast-${toast.type} ${toast.classNames.join(' ')}`}
      style={toast.style}
      onClick={toast.closeOnClick ? () => closeToast(toast.id) : undefined}
      onMouseEnter={toast.closeOnHover ? () => setPaused(true) : undefined}
      onMouseLeave={toast.closeOnHover ? () => setPaused(false) : undefined}
    >
      <div className="toast-body">
        {toast.title && <strong className="toast-title">{serverMessage(toast.title)}</strong>}
        {toast.msg && <span className="toast-message">{serverMessage(toast.msg)}</span>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={phrase('Close notification')}
        onClick={(event) => {
          event.stopPropagation();
          closeToast(toast.id);
        }}
      >
        ×
      </button>
      {toast.progressbar && toast.timeout > 0 && (
        <div
          className="toast-progress"
          style={{ animationDuration: `${toast.timeout}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        />
      )}
    </div>
  );
}
