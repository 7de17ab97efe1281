/**
 * DEMO ONLY — never real keys. The stand-in's Nagad keypair (the "payment gateway" side) and a demo merchant's
 * keypair, fixed so the demo seed can set up Nagad in mode `standin` and the app-mounted stand-in can check its
 * signatures. They protect nothing: anyone can read them here. A real shop pastes Nagad's public key and its own
 * merchant private key in payment setup.
 */

/** The demo merchant id the app-mounted stand-in accepts for Nagad. */
export const DEMO_NAGAD_MERCHANT_ID = '683002007104225';

/** DEMO ONLY: the demo merchant's private key (PKCS#8 PEM): what payment setup stores as `nagad_private_key`. */
export const DEMO_NAGAD_MERCHANT_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCqC13pfjFgnDRT
qhvrQSoy8Zux0X79O7x+FTF0Iju/ATM4lFtAHKQi4F2D125E2ECR9bNmf0pz17Xh
m4GDGxQIyfYOUe9WO6JyI3xZw289Ia+p/iEw97vG4VnW9kXjUXBVDW2CVndenjZj
yrKg9x8MsQzRujVEErHqCh0UCrYp9xX9eOS2NfgAXLX103XR3k0wAYsABrfPZnuC
Q6y8GGf6Vi44/xu3L/xL1NY5MdJTtmyxJtNKwqL32JdrGhIv5MBE9rJM00FiG5i3
orzUkepQBTmZRqnysX5JK/O7IGZwdtwbPmVKyNbNuGMFvTveR0HJiJkJeCKYdod5
yqXH0yl/AgMBAAECggEAN8Yyr3tsxrt1jlulfKyLItqMru6AMJ9/W/unlOgFoMjL
/CrtI0JBtA7TnYLz8DDePQHSLjRiP0zpo25WNKKVF6zmwBuv3SECT13EU8z+l5aM
/70TNfSL6tfPl+p/UehMaBlXagDidm5+eIzrulBUJt2Lzt68ye833AQlNYWt6mVQ
Nv7GduGotHox2daX0gpWgEWhCU08Pejl0v6FU+APU5XUNomTuSOGApNPOT9R9H04
ikyDgBFvCgxL3QWjFIx7fX25YLlzYsJrpfFiH8fit1eadHqvuYmhPyc9RSoyH4yE
iWdOUH9L1UZ3og6ofGedIPlbCUErjMy7Ugp3eXL/gQKBgQDTkj+K0uxv2bc8nfpo
bP6XDkSJl4uos5llzJcMW/TvaROTkKENCRSM3CL8ITMmH2aLSzDgE7oeiFE0MkiC
TD41tYroRoeGkCpcbN/KyaQWeYz1QfQWVxRuX9g4oES6Nux2L/W+T9J6Z0+X+z5S
/j8rPiZQVndPbc2mQKBqXd58GQKBgQDNwLJIk3JQV8XjDHswKU1dZqrK7KVLYRla
vJPZ/Myjfgx9vOCmg4dj7kwsc3mJkx54CA5dxYD0JmoRdigqHHBUhEJ0M5zCM4dP
cAx+8Dp+MjDKV6R2NpuBLq4wJMXdFE4Kk5Yc7mopeDK27pnXf7V3t2sYvtzBFr6B
ZIpwuG6FVwKBgDN/VZgk3wgapk9K5LimTxHVlzkmeggGL0BoHBwWBfiASxOQEKNr
omTm8F0Od7S/z+X3112zb4ofBCUAWEXe6QWJutXu1O4cCTOWDKL/kcEmtPi9pPwL
Fh4HlkmyOQhadhQOeHJqW4EPxH/p17G70QRljE3hvgjHYVcmQ+WgE5eBAoGAYlT6
n5bgJiecqmM3qI/EqqO7clngsYLJVEUVwDOCNYyzOZCAKPRpS0gC3aeeaTKHeEQZ
YZVXiNenD4tRrLaEtM+01sYn3+QygbOCNVRoEBG6oal7LwfwD7AYjWe1rG/c0E8y
iccjs4f/bM/hdE1Tk9Bz/ZKR/DH7f+lmBHMQVucCgYEArMz6TtWA4w4mvwXhUGZ2
91cFNYRo81Wh+irAkZOFL/NPf1Qg4LxSbze4nqJRy9g36BrbJxp4WcF7nTU9It+J
EX5bzZAqO0rve5JXfOvSIEHQObksi6kvxVUumuDYgiPDUyDvj6T8B51Fm8kko6fa
LzqhCYbPxJBmtN3klGf/nnA=
-----END PRIVATE KEY-----`;

/** DEMO ONLY: the demo merchant's public key, which the stand-in uses to check signatures and encrypt answers. */
export const DEMO_NAGAD_MERCHANT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqgtd6X4xYJw0U6ob60Eq
MvGbsdF+/Tu8fhUxdCI7vwEzOJRbQBykIuBdg9duRNhAkfWzZn9Kc9e14ZuBgxsU
CMn2DlHvVjuiciN8WcNvPSGvqf4hMPe7xuFZ1vZF41FwVQ1tglZ3Xp42Y8qyoPcf
DLEM0bo1RBKx6godFAq2KfcV/XjktjX4AFy19dN10d5NMAGLAAa3z2Z7gkOsvBhn
+lYuOP8bty/8S9TWOTHSU7ZssSbTSsKi99iXaxoSL+TARPayTNNBYhuYt6K81JHq
UAU5mUap8rF+SSvzuyBmcHbcGz5lSsjWzbhjBb073kdByYiZCXgimHaHecqlx9Mp
fwIDAQAB
-----END PUBLIC KEY-----`;

/** DEMO ONLY: the stand-in gateway's private key. */
export const DEMO_NAGAD_PG_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCww7LeV6fiUVaq
mK7js+Vttibff5azvTVnpfFXdkmRQ1pCclNhP8G6kLbBqfCWwDH17EOr+TXPw0ya
GiTUfZIh5Fjc3JuDN9HrgrpVQuE/AX81dHMbgvbU6Wg1SrzhMfEL1rRiItT/yipy
ME8jlxTC6dMQ2V6l48AITzeMIzHlOGeHglN/g5QLbdJIZ+BKptomPchDdI/lUCeC
jYzoGgOYoxp1uTAt2A++vS9fu5pzYLkdvZXp0vvUKay7V9r0SmKAZGVg4nUUoYgU
mohYbeUvhs9DHnK0lcfh3hdtvs5HdOb+RinM3T77AAIuPmpqBd8HNDQHb81f6Sjs
ciUZ8fTPAgMBAAECggEAGBdxa1dkFMxENSJz16n++jnUyNUGu6mX5pqvLt361Ixq
+AUancsG7ZVoAIjXtxwr0wToC5TULjnD2M75DRMDleXy7JXkBiQsqAjHD57QEfpz
atwxDLiynpMkoPrLjR/K5sj/syO53GuikbH0NKQUms+BSlnDSiB6iEdlCTm0xQpL
KYUZkLmBXFZasyCiYUrS2D3hULdkTTCJoTCTxGpYsSJ0ZmuxVH4kRnKDUz9C5upd
fSqtjQoB/fP96S/VnlpQiChwMWFJ+ThfGLbEO+1fRSjBCEjmLe5yaaKpCwuyhdqu
RU50qp8cr43zXfejkm0JCMjqrKkpWyuDwjzK2iQlkQKBgQDUy4vfS+no9bJlKYO5
O7697eOlLtVPXrk4gyLrnDl0kdsHLcKMGFAaV70g031vNzvMQXUUm3XLYnrIkUp1
+KyZhdpTns9hW69dLY7BG2TukYCO9GPrnT8dXaQjg1Vado4/vkd3GLs4YqPC7XyD
XTSPAcYvIz7eW7U2oflIU7+I0QKBgQDUp2L0h24aGdV/JNLsMk+TScL8I0VsxTeg
31IH9B7Q0S6qGJSMUbuyh7jilbP+FvMbRnJDDdyqUHJyCvGkc2x7mxO0uM7jcZJQ
KxDkELadvr1ZC5CWw4R0pFy6Jj5Ic4Yu8+2nyVzBrlutFkNrA+pc6zYs5PXK1Sfb
yj0t4CsLnwKBgDbY8AhyDKxbB8xDUwxfdd6GfnKJC7oVdDA4vLt13OlK3uWOyeJK
MftYOgtH98C+v8754C+bklUF4RfpOwQFQJehhJChElrJwv2FTJJBeVZ0cmpmW4rT
UP1EsZXluA5FGI0dglYULc1uvz7y73D8iRuDHY3wy7eMc7zNKu+VhnzBAoGBAK0o
g75kDPZ59MvsO0gTi5J+rKRNQDnauXpofk51rSYSP3JIQ6Wi5DjypUzz47XSEDE0
gtQxFG8mxJoyaSOkzUA1Pa2aEvVHRIG9H6rmJR179IjujtUE7fVg5RS7EVpDn47a
F7nZkIsxo/rkNw+MB6mT6fBSnAaG3UbufjS95a83AoGAYkkULv5txPWUZgtWppoG
G2erZki1G2SfsplA6kQ/OJEVrOwbZpFU1WV+P7BrjbfN3cMrqMsz4ahx6Iz2+oVR
/7gGquB6d+KSqCXz20j+RdoXaYAvIA2YxGqv4EbhP7rOZiTln6zkS0OZZ0wgYTwA
x3KK2UjiM9UsyiSxkcIWhmk=
-----END PRIVATE KEY-----`;

/** DEMO ONLY: the stand-in gateway's public key: what payment setup stores as `nagad_public_key`. */
export const DEMO_NAGAD_PG_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsMOy3len4lFWqpiu47Pl
bbYm33+Ws701Z6XxV3ZJkUNaQnJTYT/BupC2wanwlsAx9exDq/k1z8NMmhok1H2S
IeRY3NybgzfR64K6VULhPwF/NXRzG4L21OloNUq84THxC9a0YiLU/8oqcjBPI5cU
wunTENlepePACE83jCMx5Thnh4JTf4OUC23SSGfgSqbaJj3IQ3SP5VAngo2M6BoD
mKMadbkwLdgPvr0vX7uac2C5Hb2V6dL71Cmsu1fa9EpigGRlYOJ1FKGIFJqIWG3l
L4bPQx5ytJXH4d4Xbb7OR3Tm/kYpzN0++wACLj5qagXfBzQ0B2/NX+ko7HIlGfH0
zwIDAQAB
-----END PUBLIC KEY-----`;

/** DEMO ONLY: the bKash credentials the app-mounted stand-in accepts (payment setup's `bkash_*` in mode `standin`). */
export const DEMO_BKASH_CREDENTIALS = {
  appKey: 'demo-standin-app-key',
  appSecret: 'demo-standin-app-secret',
  username: 'demo-standin-user',
  password: 'demo-standin-password',
} as const;

/** DEMO ONLY: the SSLCommerz store the app-mounted stand-in accepts (payment setup's `sslcommerz_*` in mode `standin`). */
export const DEMO_SSLCOMMERZ_STORE = { storeId: 'haatdemo0standin', storePassword: 'haatdemo0standin@ssl' } as const;

/**
 * DEMO ONLY: what the app-mounted stand-in accepts. Its pages are written as paths (`/payment-standin/…`), so the
 * shopper's browser stays on whatever host it reached the shop by.
 */
export const DEMO_STANDIN = {
  bkash: DEMO_BKASH_CREDENTIALS,
  nagad: {
    merchantId: DEMO_NAGAD_MERCHANT_ID,
    merchantPublicKey: DEMO_NAGAD_MERCHANT_PUBLIC_KEY,
    pgPrivateKey: DEMO_NAGAD_PG_PRIVATE_KEY,
    pgPublicKey: DEMO_NAGAD_PG_PUBLIC_KEY,
  },
  sslcommerz: DEMO_SSLCOMMERZ_STORE,
  pagesBaseUrl: '/payment-standin',
};
