import { INVOICES_PER_PAGE } from '@haat/contracts';
import { Button, type ButtonProps, Menu } from '@mantine/core';
import { useOrderWords } from '../order-ui';
import { parcelPrintUrl } from './print-url';

/**
 * "Print barcoded…": invoices one, two or three to an A4 page, or 10 × 6.2 cm parcel stickers, for
 * one order (the order view) or the orders chosen on a list. Each opens the print sheet in a new tab.
 */
export function PrintMenu({
  ids,
  size = 'sm',
  variant = 'light',
}: {
  ids: number[];
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const { phrase, number } = useOrderWords();
  if (ids.length === 0) return null;
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button size={size} variant={variant}>
          {phrase('Print barcoded')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {INVOICES_PER_PAGE.map((perPage) => (
          <Menu.Item key={perPage} component="a" href={parcelPrintUrl(ids, 'invoice', perPage)} target="_blank" rel="noopener">
            {perPage === 1 ? phrase('Invoices, one a page') : phrase('Invoices, {{n}} a page', { n: number(perPage) })}
          </Menu.Item>
        ))}
        <Menu.Item component="a" href={parcelPrintUrl(ids, 'sticker')} target="_blank" rel="noopener">
          {phrase('Parcel stickers (10 × 6.2 cm)')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
