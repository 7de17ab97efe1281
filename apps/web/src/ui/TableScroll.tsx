import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { usePhrase } from '../lib/phrases';
import './table-scroll.css';

/**
 * Every table of the back office and the portals sits in one of these (issue 17): on a phone it scrolls
 * sideways inside itself, never the page; its first column stays put (when it takes at most half the width); a shade at the edge that has more
 * and a line above ("Scroll sideways to see every column", also the region's name for screen readers)
 * show there is more; the region takes the keyboard's focus so arrows scroll it. On a wide screen,
 * where the table fits, none of that shows.
 *
 *     <TableScroll minWidth={640}><Table>…</Table></TableScroll>
 *
 * Takes the place of Mantine's `Table.ScrollContainer` with the same `minWidth` (and `mah`, `mt`, `mb`).
 */
export function TableScroll({
  minWidth,
  mah,
  mt,
  mb,
  stickyFirstColumn = true,
  children,
}: {
  /** The table's width below which it scrolls (px). */
  minWidth: number;
  /** A height past which it scrolls down as well. */
  mah?: number;
  mt?: MantineSpace;
  mb?: MantineSpace;
  /** Keep the first column in view while scrolling (a row's name); off for a table of two columns. */
  stickyFirstColumn?: boolean;
  children: ReactNode;
}) {
  const phrase = usePhrase();
  const area = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [edges, setEdges] = useState({ before: false, after: false, keep: true });

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      // A first column wider than ~half the screen (a picture and a long name) would leave no room to scroll the rest under it.
      const first = element.querySelector('tr > :first-child:not([colspan])');
      const keep = !first || first.getBoundingClientRect().width <= element.clientWidth * 0.5;
      setEdges((current) =>
        current.before === before && current.after === after && current.keep === keep ? current : { before, after, keep },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  const scrolls = edges.before || edges.after;
  const style: CSSProperties = { marginTop: space(mt), marginBottom: space(mb) };
  return (
    <div
      className="table-scroll"
      data-sticky={stickyFirstColumn || undefined}
      data-sticky-fits={(stickyFirstColumn && edges.keep) || undefined}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
      style={style}
    >
      {scrolls && (
        <p className="table-scroll-hint" id={hintId}>
          <span aria-hidden="true">↔ </span>
          {phrase('Scroll sideways to see every column')}
        </p>
      )}
      <div className="table-scroll-frame">
        {/* Focusable only when it scrolls, so the keyboard can scroll it (axe: scrollable-region-focusable); then a named region. */}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is region whenever the label is set */}
        <div
          ref={area}
          className="table-scroll-area"
          style={{ maxHeight: mah }}
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-labelledby={scrolls ? hintId : undefined}
        >
          <div style={{ minWidth }}>{children}</div>
        </div>
      </div>
    </div>
  );
}

type MantineSpace = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

function space(value: MantineSpace | undefined): string | number | undefined {
  return typeof value === 'string' ? `var(--mantine-spacing-${value})` : value;
}
