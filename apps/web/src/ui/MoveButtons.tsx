import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';
import { AA_COLORS } from './colors';

export type MoveDirection = 'up' | 'down';

/**
 * Up, Down and Remove for one item of an ordered list (pictures, sections), usable by keyboard:
 * the buttons carry `data-move` so the caller can keep focus on the moved item.
 */
export function MoveButtons({
  index,
  count,
  noun,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** What an item is called in the buttons' names: "picture", "section". */
  noun: string;
  onMove: (from: number, to: number, direction: MoveDirection) => void;
  onRemove: () => void;
}) {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  // The noun is declared in English ("picture") and read in the page's language.
  const item = { noun: phrase(noun), n: formatNumber(index + 1, i18n.language) };
  return (
    <Group gap={4} wrap="wrap">
      <Button
        size="compact-xs"
        variant="default"
        data-move="up"
        disabled={index === 0}
        aria-label={phrase('Up: move {{noun}} {{n}} earlier', item)}
        onClick={() => onMove(index, index - 1, 'up')}
      >
        {phrase('Up')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        data-move="down"
        disabled={index === count - 1}
        aria-label={phrase('Down: move {{noun}} {{n}} later', item)}
        onClick={() => onMove(index, index + 1, 'down')}
      >
        {phrase('Down')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red.9"
        c={AA_COLORS.danger}
        aria-label={phrase('Remove {{noun}} {{n}}', item)}
        onClick={onRemove}
      >
        {phrase('Remove')}
      </Button>
    </Group>
  );
}
