/**
 * The declaration types live with the machinery that renders them (ui/resource/types.ts), so the
 * portals can declare their screens too; the back office's resource files import them from here.
 */
export * from '../../ui/resource/types';
