import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';

/** Figure cards over every row of a report or a list (its totals); a placeholder while they load. */
export function TotalCards({ cards }: { cards: { label: string; value: string | undefined }[] }) {
  return (
    // Five wide figures (৳1,72,331.66) need a wide screen side by side; a laptop beside the menu takes three a row.
    <SimpleGrid cols={{ base: 2, sm: Math.min(cards.length, 3), xl: Math.min(cards.length, 5) }} aria-live="polite">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton h={28} mt={4} />
          ) : (
            <Text fz={{ base: 18, sm: 24 }} fw={700} c="#161745" style={{ overflowWrap: 'anywhere' }}>
              {card.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
