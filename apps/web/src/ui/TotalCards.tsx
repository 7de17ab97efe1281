import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';

/** Figure cards over every row of a report or a list (its totals); a placeholder while they load. */
export function TotalCards({ cards }: { cards: { label: string; value: string | undefined }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(cards.length, 5) }} aria-live="polite">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton h={28} mt={4} />
          ) : (
            <Text fz={{ base: 18, sm: 24 }} fw={700} c="#161745">
              {card.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
