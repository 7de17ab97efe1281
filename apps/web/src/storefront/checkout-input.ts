// The checkout's contract on its own, for pages/Checkout.tsx to import once the page is idle: zod and the
// schema stay out of the checkout's first load.
export { checkoutInput } from '@haat/contracts';
