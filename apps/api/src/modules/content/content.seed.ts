import type { TemplateEvent, TemplateKind } from '@haat/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../customers/customer.table';
import { products } from '../products/product.table';
import { comments } from './comment.table';
import { contactMessages } from './contact-message.table';
import { factories } from './factory.table';
import { pageSections, pages, pageTestimonials } from './page.table';
import { productReviews } from './product-review.table';
import { templates } from './template.table';

/** The texts the shop sends by itself; every shop starts with them (DEMO=0 too) and edits them. */
export const DEFAULT_TEMPLATES: { name: string; kind: TemplateKind; event: TemplateEvent; subject?: string; body: string }[] = [
  {
    name: 'Order placed (SMS)',
    kind: 'sms',
    event: 'order_placed',
    body: 'Dear {{customer_name}}, your order {{order_number}} of {{total}} is placed. We will call you to confirm. {{shop_name}} {{shop_phone}}',
  },
  {
    name: 'Order confirmed (SMS)',
    kind: 'sms',
    event: 'order_confirmed',
    body: 'Your order {{order_number}} is confirmed. Please keep {{due_amount}} ready for cash on delivery. Thank you, {{shop_name}}',
  },
  {
    name: 'Order shipped (SMS)',
    kind: 'sms',
    event: 'order_shipped',
    body: 'Your order {{order_number}} is on its way with {{courier_name}} (tracking {{tracking_code}}). Amount to pay: {{due_amount}}. {{shop_name}}',
  },
  {
    name: 'Order delivered (SMS)',
    kind: 'sms',
    event: 'order_delivered',
    body: 'Your order {{order_number}} is delivered. Thank you for shopping with {{shop_name}}! Questions: {{shop_phone}}',
  },
  {
    name: 'Password reset code (SMS)',
    kind: 'sms',
    event: 'password_reset_code',
    body: 'Your {{shop_name}} code is {{code}}. It expires in 10 minutes. Do not share it with anyone.',
  },
  {
    name: 'Reply to a contact message (SMS)',
    kind: 'sms',
    event: 'contact_reply_sms',
    body: 'Dear {{customer_name}}, {{reply}} - {{shop_name}} {{shop_phone}}',
  },
  {
    name: 'Order confirmation (e-mail)',
    kind: 'email',
    event: 'order_confirmation_email',
    subject: 'Your {{shop_name}} order {{order_number}}',
    body: [
      '<p>Dear {{customer_name}},</p>',
      '<p>Thank you for your order <strong>{{order_number}}</strong> placed on {{order_date}}. We will call you on {{customer_phone}} to confirm it.</p>',
      '{{items}}',
      '<p>Items: {{subtotal}}<br>Delivery: {{delivery_charge}}<br>Discount: {{discount}}<br><strong>Total: {{total}}</strong><br>To pay on delivery: {{due_amount}}</p>',
      '<p>Delivery address: {{customer_address}}</p>',
      '<p>With thanks,<br>{{shop_name}}<br>{{shop_phone}}</p>',
    ].join(''),
  },
  {
    name: 'Reply to a contact message (e-mail)',
    kind: 'email',
    event: 'contact_reply_email',
    subject: 'Re: your message to {{shop_name}}',
    body: '<p>Dear {{customer_name}},</p><p>{{reply}}</p><p>Kind regards,<br>{{shop_name}}<br>{{shop_phone}}</p>',
  },
  {
    name: 'Order invoice',
    kind: 'invoice',
    event: 'order_invoice',
    body: [
      '<h2>{{shop_name}}</h2>',
      '<p>{{shop_address}}<br>Phone: {{shop_phone}}</p>',
      '<h3>Invoice {{order_number}}</h3>',
      '<p>Date: {{order_date}}<br>Customer: {{customer_name}}, {{customer_phone}}<br>Address: {{customer_address}}</p>',
      '{{items}}',
      '<p>Subtotal: {{subtotal}}<br>Delivery charge: {{delivery_charge}}<br>Discount: {{discount}}<br>Advance paid: {{advance_paid}}<br><strong>Amount to collect: {{due_amount}}</strong></p>',
      '<p>Payment: {{payment_method}}. Courier: {{courier_name}} {{tracking_code}}</p>',
      '<p>Notes: {{notes}}</p>',
      '<p><em>Please check the parcel in front of the delivery person. Thank you for shopping with us.</em></p>',
    ].join(''),
  },
];

const DEMO_PAGES: { title: string; slug: string; footer: boolean; body: string }[] = [
  {
    title: 'About us',
    slug: 'about-us',
    footer: true,
    body: `<p>Haat Bazar started in 2019 as a Facebook page run from a small room in Dhanmondi, selling three-pieces and kurtis to friends and their friends. Today we deliver clothing, shoes and gadgets to all 64 districts of Bangladesh, and more than two hundred resellers sell our stock to their own customers.</p>
<h2>How we work</h2>
<ul><li><strong>Cash on delivery everywhere.</strong> You pay the delivery person when the parcel is in your hands. bKash and Nagad are welcome too.</li><li><strong>We call before we ship.</strong> Every order is confirmed by phone, so nothing leaves our warehouse by mistake.</li><li><strong>Real photos.</strong> Our pictures are taken in our own studio; the colour you see is the colour you get.</li></ul>
<p>Questions? Call us on 09610-000111 (10 am to 8 pm, every day except Friday morning) or write to hello@haatbazar.com.bd.</p>`,
  },
  {
    title: 'Terms and conditions',
    slug: 'terms-and-conditions',
    footer: true,
    body: `<p>By placing an order on Haat Bazar you agree to these terms. Please read them before you order.</p>
<h2>Orders</h2>
<ul><li>An order is a request to buy. It is accepted when our team confirms it with you by phone.</li><li>We may cancel an order if we cannot reach you after three calls, if the product is out of stock, or if the address is incomplete.</li><li>Prices are in Bangladeshi taka and include VAT where it applies. The delivery charge is shown at checkout.</li></ul>
<h2>Payment</h2>
<ul><li>Cash on delivery is available across the country. Some large or custom orders need an advance by bKash or Nagad; we will tell you before you pay.</li><li>Never send money to a personal number that calls you claiming to be us. Our only merchant numbers are shown at checkout.</li></ul>
<h2>Accounts</h2>
<p>Keep your password to yourself. You are responsible for orders placed from your account. We may close accounts used for fake orders.</p>
<p>These terms are governed by the laws of Bangladesh. Disputes go to the courts of Dhaka.</p>`,
  },
  {
    title: 'Privacy policy',
    slug: 'privacy-policy',
    footer: true,
    body: `<p>We collect only what we need to deliver your order and to serve you better.</p>
<h2>What we keep</h2>
<ul><li>Your name, phone number, delivery address and, if you give it, your e-mail address.</li><li>What you ordered and when, so we can help with exchanges and returns.</li><li>Basic information about your visits (pages viewed, device), to improve the shop.</li></ul>
<h2>Who sees it</h2>
<p>Our staff, and the courier company that delivers your parcel (name, phone, address and amount to collect only). We never sell your information. We share it with the authorities only when the law requires it.</p>
<h2>Messages</h2>
<p>We send SMS about your orders. Offers by SMS are sent only if you agreed; reply STOP or call us to stop them.</p>
<p>To see, correct or delete your information, call 09610-000111 or write to hello@haatbazar.com.bd.</p>`,
  },
  {
    title: 'Return and refund policy',
    slug: 'return-and-refund-policy',
    footer: true,
    body: `<p>Please check your parcel in front of the delivery person. If something is wrong, you can refuse it on the spot and pay only the delivery charge.</p>
<h2>Returns within 3 days</h2>
<ul><li>Wrong size, wrong colour or a damaged product: call us within 3 days of delivery. We exchange it free of charge, or refund you.</li><li>Changed your mind: you can return unused items with their tags within 3 days; the delivery charges both ways are yours.</li><li>Undergarments, cosmetics and items cut or made to order cannot be returned unless they are faulty.</li></ul>
<h2>Refunds</h2>
<p>Refunds go to your bKash or Nagad number within 5 working days after the product reaches our warehouse. Delivery charges are refunded only when the mistake was ours.</p>`,
  },
  {
    title: 'Delivery information',
    slug: 'delivery-information',
    footer: true,
    body: `<h2>Charges</h2>
<ul><li>Inside Dhaka city: ৳70</li><li>Dhaka suburbs (Savar, Keraniganj, Gazipur, Narayanganj): ৳100</li><li>Everywhere else in Bangladesh: ৳130</li><li>Parcels over 1 kg: ৳20 for every extra kilogram</li></ul>
<h2>Time</h2>
<ul><li>Inside Dhaka: 1 to 2 days after we confirm your order.</li><li>Outside Dhaka: 2 to 4 days; remote upazilas and hill districts may take up to 6 days.</li></ul>
<p>We ship with Steadfast, Pathao and RedX. You get an SMS with the tracking code when your parcel leaves our warehouse. Orders confirmed before 4 pm ship the same day, except on Fridays and public holidays.</p>`,
  },
];

/**
 * First start: the templates every shop needs; with DEMO=1 also the demo shop's pages (about us,
 * terms, privacy, returns, delivery), testimonials, product reviews, contact messages and factories.
 * Runs after the demo catalogue so reviews have products.
 */
export async function seedContent(db: Db, options: { demo: boolean }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(templates);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(templates).values(DEFAULT_TEMPLATES.map((template) => ({ ...template, subject: template.subject ?? '' })));
  if (!options.demo) return;

  const pageRows = await db
    .insert(pages)
    .values(
      DEMO_PAGES.map((page, index) => ({
        title: page.title,
        slug: page.slug,
        body: page.body,
        showInFooter: page.footer,
        sortOrder: index,
      })),
    )
    .returning({ id: pages.id, slug: pages.slug });
  const aboutId = pageRows.find((page) => page.slug === 'about-us')?.id ?? 0;
  await db.insert(pageSections).values([
    {
      pageId: aboutId,
      title: 'Our promise',
      body: '<p>If a product is not what the photo showed, we take it back and pay the delivery both ways.</p>',
      sortOrder: 1,
    },
    {
      pageId: aboutId,
      title: 'Sell with us',
      body: '<p>Run your own online shop without stock: join as a reseller, set your own prices and we deliver to your customers.</p>',
      sortOrder: 2,
    },
  ]);
  await db.insert(pageTestimonials).values([
    {
      pageId: aboutId,
      name: 'Sadia Islam',
      designation: "Reseller, Sadia's Closet",
      text: 'I started reselling from my phone during my Masters. Haat Bazar packs and delivers, I only take orders.',
      rating: 5,
      sortOrder: 1,
    },
    {
      pageId: aboutId,
      name: 'Mahmudul Hasan',
      designation: 'Customer, Rajshahi',
      text: 'Ordered on Sunday night, the panjabi reached Rajshahi on Tuesday. Paid the rider in cash.',
      rating: 4,
      sortOrder: 2,
    },
  ]);

  await db.insert(comments).values(
    [
      [
        'Ayesha Siddiqua',
        'Mirpur, Dhaka',
        'The three-piece fabric is exactly like the photo. They called before delivery and the rider was polite.',
        5,
      ],
      [
        'Imran Kabir',
        'Agrabad, Chattogram',
        'Earbuds arrived in two days. Sound is good for the price, and the warranty card was inside.',
        4,
      ],
      ['Tahmina Begum', 'Sylhet', 'I exchanged a kurti for a bigger size without any argument. Will order again before Eid.', 5],
      ['Riyad Hossain', 'Bogura', 'Cash on delivery made me trust them the first time. Now I pay with bKash.', 5],
      ['Moushumi Das', 'Khulna', 'Delivery took four days to Khulna, a bit slow, but the saree is beautiful.', 4],
    ].map(([name, location, text, rating], index) => ({
      name: String(name),
      location: String(location),
      text: String(text),
      rating: Number(rating),
      sortOrder: index,
    })),
  );

  const someProducts = await db.select({ id: products.id }).from(products).where(eq(products.status, 1)).orderBy(asc(products.id)).limit(4);
  const someCustomers = await db.select({ id: customers.id, name: customers.name }).from(customers).orderBy(asc(customers.id)).limit(5);
  const reviewTexts: [number, string, 'pending' | 'approved' | 'hidden', string][] = [
    [5, 'Excellent quality, the stitching is neat. Fits as the size chart says.', 'approved', 'Thank you for your kind words!'],
    [4, 'Good product but the colour is slightly darker than the picture.', 'approved', ''],
    [3, 'Okay for the price. Delivery was late by one day.', 'pending', ''],
    [1, 'Call me on 017XXXXXXXX for cheaper price!!!', 'hidden', ''],
    [5, 'Second time buying this, gifted one to my sister.', 'pending', ''],
  ];
  if (someProducts.length) {
    await db.insert(productReviews).values(
      reviewTexts.flatMap(([rating, text, status, answer], index) => {
        const product = someProducts[index % someProducts.length];
        const customer = someCustomers[index % Math.max(1, someCustomers.length)];
        if (!product) return [];
        return [
          {
            productId: product.id,
            customerId: customer?.id ?? null,
            customerName: customer?.name ?? 'Guest',
            rating,
            text,
            status,
            answer,
            answeredAt: answer ? new Date() : null,
          },
        ];
      }),
    );
  }

  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await db.insert(contactMessages).values([
    {
      name: 'Nadia Rahman',
      phone: '01712000451',
      message: 'Do you have the maroon cotton three-piece in XL? I want two pieces delivered to Uttara before Friday.',
      createdAt: hoursAgo(3),
    },
    {
      name: 'Habibur Rahman',
      phone: '01819000452',
      email: 'habib.rahman@example.com',
      message: 'I want to become a reseller from Cumilla. What is the wholesale price list and is there any deposit?',
      status: 'read' as const,
      readAt: hoursAgo(20),
      createdAt: hoursAgo(26),
    },
    {
      name: 'Laboni Akter',
      email: 'laboni.akter@example.com',
      message: 'My parcel was marked delivered yesterday but I did not receive it. Order HB-10212. Please check with the courier.',
      createdAt: hoursAgo(30),
    },
  ]);

  await db.insert(factories).values([
    {
      name: 'Rupali Knit Composite',
      contactPerson: 'Abdul Karim',
      phone: '01711000601',
      address: 'BSCIC Industrial Area, Fatullah, Narayanganj',
      notes: 'T-shirts and polo shirts; minimum 300 pieces per design; 12 days lead time.',
    },
    {
      name: 'Nakshi Stitch Tailoring',
      contactPerson: 'Rokeya Begum',
      phone: '01811000602',
      address: 'Road 3, Mirpur 11, Dhaka',
      notes: 'Three-pieces and kurtis, hand embroidery. Pays workers weekly: keep payments on Thursday.',
    },
    {
      name: 'Gazipur Print and Pack',
      contactPerson: 'Saiful Islam',
      phone: '01911000603',
      address: 'Board Bazar, Gazipur',
      notes: 'Poly mailers and printed boxes with our logo.',
      status: 0,
    },
  ]);
}
