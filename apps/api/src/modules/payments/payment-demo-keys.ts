/** The demo shop's Nagad keys (the stand-in's): replaced by the stand-in's keys file once it is in this build. */
export const DEMO_NAGAD_MERCHANT_ID = '683002007104225';
export const DEMO_NAGAD_PUBLIC_KEY = '';
export const DEMO_NAGAD_MERCHANT_PRIVATE_KEY = '';
