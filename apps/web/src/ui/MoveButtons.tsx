import { Button, Group } from '@mantine/core';
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
  return (
    <Group gap={4} wrap="wrap">
      <Button
        size="compact-xs"
        variant="default"
        data-move="up"
        disabled={index === 0}
        aria-label={`Up: move ${noun} ${index + 1} earlier`}
        onClick={() => onMove(index, index - 1, 'up')}
      >
        Up
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        data-move="down"
        disabled={index === count - 1}
        aria-label={`Down: move ${noun} ${index + 1} later`}
        onClick={() => onMove(index, index + 1, 'down')}
      >
        Down
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red.9"
        c={AA_COLORS.danger}
        aria-label={`Remove ${noun} ${index + 1}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </Group>
  );
}
