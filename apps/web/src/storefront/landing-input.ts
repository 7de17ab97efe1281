// The landing page's order contract on its own, for pages/Landing.tsx to import once the page is idle: zod and the
// schema stay out of the page's first load (as checkout-input.ts does for the checkout).
export { landingOrderInput } from '@haat/contracts';
