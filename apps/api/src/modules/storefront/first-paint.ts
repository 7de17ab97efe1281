import { type SliderAnswer, THEME_DEFAULTS } from '@haat/contracts';
import type { Db } from '../../db/client';
import { readSetting, SETTING_GROUPS } from '../settings';
import { escapeHtml } from './seo.service';

/**
 * The storefront home's first paint, in the HTML the server sends for `/`: the header (the shop's
 * name and logo in its colours, the announcement bar and menu when set) and the first slide, drawn
 * in the same place and size as the app draws them (storefront/StoreLayout.tsx and Slider.tsx, with
 * the `boot-*` rules of ui/global.css). A phone on a slow network sees the shop's first picture
 * while the app's code is still on its way; the app takes the place over without a jump and
 * removes `#boot` once its own slider is on screen (storefront/boot.ts).
 */
export interface FirstPaint {
  /** Goes first in the head: the first slide's preload. */
  head: string;
  /** Goes before `<div id="root">`. */
  body: string;
}

/** As the Slider asks for it: the thumbnail on small screens, the large copy from 480 px up. */
export const SLIDE_SIZES = '(min-width: 1240px) 1200px, 100vw';
const SLIDE_WIDTHS = { thumbnail: 480, large: 1920 } as const;

/**
 * The image base link of seed §3, as the web app's lib/image.ts makes it: `/../public/storage/`
 * when the host is an IP address or localhost, `/storage/` on a real host name.
 */
export function imageBaseLink(hostname: string): string {
  const host = hostname.replace(/:\d+$/, '');
  const local = host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  return local ? '/../public/storage/' : '/storage/';
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black on a background, as storefront/store-theme.ts's readableTextOn decides. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111111') ? '#ffffff' : '#111111';
}

const colour = (value: string | null | undefined, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
const thumbnailOf = (path: string) => path.replace(/\.webp$/, '-thumb.webp');

/** The first paint of the home page from the slider answer and the settings; null without a slide. */
export async function homeFirstPaint(db: Db, slider: SliderAnswer, hostname: string): Promise<FirstPaint | null> {
  const slide = slider.sliders[0];
  if (!slide) return null;
  const [general, header, theme] = await Promise.all([
    readSetting(db, SETTING_GROUPS.general),
    readSetting(db, SETTING_GROUPS.header),
    readSetting(db, SETTING_GROUPS.theme),
  ]);
  const base = imageBaseLink(hostname);
  const large = `${base}${slide.image}`;
  const thumb = `${base}${thumbnailOf(slide.image)}`;
  const srcset = `${thumb} ${SLIDE_WIDTHS.thumbnail}w, ${large} ${SLIDE_WIDTHS.large}w`;
  const primary = colour(theme.primary_color, THEME_DEFAULTS.primary_color);
  const accent = colour(theme.accent_color, THEME_DEFAULTS.accent_color);
  const alt = [slide.title, slide.subtitle].filter(Boolean).join(' — ');

  const head = `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(thumb)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${SLIDE_SIZES}">`;
  const style = `--boot-primary:${primary};--boot-on-primary:${readableTextOn(primary)};--boot-accent:${accent};--boot-on-accent:${readableTextOn(accent)}`;
  const announcement = header.announcement_text ? `<p class="boot-announce">${escapeHtml(header.announcement_text)}</p>` : '';
  const logo = general.logo ? `<img src="${escapeHtml(`${base}${general.logo}`)}" alt="" height="32">` : '';
  const menu = header.menu_links.length
    ? `<div class="boot-menu">${header.menu_links.map((link) => `<span>${escapeHtml(link.label)}</span>`).join('')}</div>`
    : '';
  const body = [
    `<div id="boot" aria-hidden="true" style="${style}">`,
    announcement,
    `<div class="boot-header"><div class="boot-wrap"><div class="boot-brand">${logo}<span>${escapeHtml(general.site_name)}</span></div>`,
    `<div class="boot-search"></div>${menu}</div></div>`,
    '<div class="boot-wrap boot-main"><div class="boot-slide">',
    `<img src="${escapeHtml(thumb)}" srcset="${escapeHtml(srcset)}" sizes="${SLIDE_SIZES}" width="1200" height="450" alt="${escapeHtml(alt)}" fetchpriority="high" decoding="sync">`,
    '</div></div></div>',
  ].join('');
  return { head, body };
}

/**
 * The page with the first paint put in: the preload first in the head (before the early calls and
 * the scripts, so the picture is the first thing asked for), the drawing before the app's root.
 */
export function withFirstPaint(html: string, paint: FirstPaint): string {
  const viewport = /<meta\s+name=["']viewport["'][^>]*>/i.exec(html);
  const at = viewport ? viewport.index + viewport[0].length : html.search(/<\/head>/i);
  const headed = at === -1 ? html : `${html.slice(0, at)}\n    ${paint.head}${html.slice(at)}`;
  const root = headed.indexOf('<div id="root">');
  return root === -1 ? headed : `${headed.slice(0, root)}${paint.body}\n    ${headed.slice(root)}`;
}
