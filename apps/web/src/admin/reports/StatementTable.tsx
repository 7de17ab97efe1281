import { Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { TableScroll } from '../../ui/TableScroll';

/** One line of a running statement: what raised the due (debit), what lowered it (credit), the due after it. */
export interface StatementLine {
  key: string;
  date: string;
  entry: ReactNode;
  debit: number;
  credit: number;
  due: number;
}

/**
 * A buyer's or supplier's running statement (company, supplier, what a supplier bought from us): date,
 * entry, the two amount columns and the due after each line. `label` names the table for screen readers.
 */
export function StatementTable({
  label,
  lines,
  debitLabel,
  creditLabel,
  money,
}: {
  label: string;
  lines: StatementLine[];
  debitLabel: string;
  creditLabel: string;
  money: (paisa: number) => string;
}) {
  const phrase = usePhrase();
  return (
    <Table verticalSpacing="xs" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{phrase('Date')}</Table.Th>
          <Table.Th>{phrase('Entry')}</Table.Th>
          <Table.Th className="amount" ta="right">
            {debitLabel}
          </Table.Th>
          <Table.Th className="amount" ta="right">
            {creditLabel}
          </Table.Th>
          <Table.Th className="amount" ta="right">
            {phrase('Due')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Td>{line.date}</Table.Td>
            <Table.Td>{line.entry}</Table.Td>
            <Table.Td className="amount" ta="right">
              {line.debit ? money(line.debit) : ''}
            </Table.Td>
            <Table.Td className="amount" ta="right">
              {line.credit ? money(line.credit) : ''}
            </Table.Td>
            <Table.Td className="amount" ta="right" fw={600}>
              {money(line.due)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The statement's figures (opening balance, sales, payments, due …) as cards. */
export function StatementCards({ cards }: { cards: { label: string; value: string; note?: string; testId?: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(cards.length, 5) }}>
      {cards.map((card) => (
        <Card withBorder key={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} data-testid={card.testId}>
            {card.value}
          </Text>
          {card.note && <Text size="sm">{card.note}</Text>}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The statement's title with its links, Print and the CSV download (when it has one). */
export function StatementHeader({
  title,
  links = [],
  csv,
  children,
}: {
  title: string;
  links?: { to: string; label: string; filled?: boolean }[];
  csv?: { href: string; label: string };
  children?: ReactNode;
}) {
  const phrase = usePhrase();
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group className="no-print" gap="xs">
        {links.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant={link.filled ? 'filled' : 'light'}>
            {link.label}
          </Button>
        ))}
        <Button variant="light" onClick={() => window.print()}>
          {phrase('Print')}
        </Button>
        {csv && (
          <Button component="a" href={csv.href} variant="light" download>
            {csv.label}
          </Button>
        )}
        {children}
      </Group>
    </Group>
  );
}

/** A titled card around a statement's table, scrolling sideways on a phone. */
export function StatementSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <TableScroll minWidth={640}>{children}</TableScroll>
    </Card>
  );
}
