import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../lib/numbers';

/** Days, hours, minutes and seconds until `endsAt`, ticking each second; "ended" once it passes. */
export function Countdown({ endsAt }: { endsAt: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  const end = new Date(endsAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, end - now);
  const over = left <= 0;
  useEffect(() => {
    if (over) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [over]);
  if (left <= 0) return <p className="s-stock-out">{t('store.campaignEnded')}</p>;
  const seconds = Math.floor(left / 1000);
  const parts = [
    [Math.floor(seconds / 86_400), 'days'],
    [Math.floor((seconds % 86_400) / 3600), 'hours'],
    [Math.floor((seconds % 3600) / 60), 'minutes'],
    [seconds % 60, 'seconds'],
  ] as const;
  return (
    <div>
      <p className="s-small s-muted" id="countdown-label">
        {t('store.endsIn')}
      </p>
      {/* The numbers change every second: announced only as a whole, not each tick. */}
      <div className="s-countdown" role="timer" aria-labelledby="countdown-label" aria-live="off">
        {parts.map(([value, unit]) => (
          <span key={unit}>
            {number(value, { minimumIntegerDigits: 2, useGrouping: false })}
            <small>{t(`store.${unit}`)}</small>
          </span>
        ))}
      </div>
    </div>
  );
}
