import { TextInput } from '@mantine/core';
import { type RefObject, useEffect, useState } from 'react';
import { usePhrase } from '../../../lib/phrases';

/**
 * The field a USB barcode scanner types into: it types the code and Enter, like a keyboard. On
 * Enter the code is queued and the field is emptied at once, never disabled or waiting on the
 * network, so the next parcel can be scanned straight away; it takes the focus back when the page
 * is clicked anywhere but another field.
 */
export function ScanInput({
  label,
  disabled,
  onScan,
  inputRef,
}: {
  label: string;
  disabled?: boolean;
  onScan: (code: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const phrase = usePhrase();
  const [value, setValue] = useState('');
  useEffect(() => {
    // A click on the page that lands in no other control gives the field its focus back.
    const refocus = (event: MouseEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, button, a, [role="listbox"], [role="option"], [role="menu"]')) return;
      inputRef.current?.focus();
    };
    document.addEventListener('click', refocus);
    return () => document.removeEventListener('click', refocus);
  }, [inputRef]);
  return (
    <TextInput
      ref={inputRef}
      label={label}
      description={phrase('Scan the barcode, or type the order number and press Enter.')}
      value={value}
      disabled={disabled}
      autoFocus
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      size="lg"
      data-scan-input
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const code = value.trim();
        setValue('');
        if (code) onScan(code);
      }}
    />
  );
}
