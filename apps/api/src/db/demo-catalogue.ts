import { DEFAULT_GENERAL_SETTING, PICTURE_FOLDERS, slugify } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../config';
import { type ImageSizes, loadSharp, type StoredImage, storeImage } from '../lib/images';
import { nameSearchKey } from '../lib/search-key';
import { attributes, attributeValues } from '../modules/catalog/attribute.table';
import { banners, sliders } from '../modules/catalog/banner.table';
import { brands } from '../modules/catalog/brand.table';
import { categories } from '../modules/catalog/category.table';
import { merchants } from '../modules/merchants/merchant.table';
import {
  comboItems,
  combos,
  productImages,
  products,
  productVariants,
  productVariantValues,
  productViews,
  stockMovements,
} from '../modules/products/product.table';
import { admins } from '../modules/staff/admin.table';
import type { Db } from './client';
import { DEMO_BENGALI_NAMES } from './demo-bengali-names';

/*
 * The demo shop's catalogue: a clothing-and-gadgets shop in Dhaka. Everything is declared below as
 * data; seedDemoCatalogue turns it into rows with a handful of bulk inserts and renders simple
 * product pictures (gradient, shape, name) with sharp while the inserts run. A seeded random
 * generator keeps stock, dates and views the same on every first start.
 */

type Shape = 'dress' | 'shirt' | 'charger' | 'battery' | 'earbuds' | 'watch' | 'phone' | 'home' | 'cup' | 'lamp';

interface CategorySeed {
  name: string;
  colour: string;
  /** Prefix of the SKUs of products filed here. */
  code?: string;
  shape?: Shape;
  home?: boolean;
  children?: CategorySeed[];
}

/**
 * The demo variants' barcodes: EAN-13 in GS1's in-store range (prefix 2, codes a shop prints for
 * itself), 200 then nine digits of a running number, and the check digit.
 */
export function demoBarcode(n: number): string {
  const body = `200${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let at = 0; at < 12; at++) sum += Number(body[at]) * (at % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const CATEGORY_TREE: CategorySeed[] = [
  {
    name: 'Women',
    colour: '#B0306A',
    shape: 'dress',
    home: true,
    children: [
      {
        name: 'Saree',
        colour: '#9C2A4A',
        home: true,
        children: [
          { name: 'Jamdani Saree', colour: '#8E1B3A', code: 'JAM' },
          { name: 'Tangail Saree', colour: '#B4462B', code: 'TNG' },
          { name: 'Katan & Silk Saree', colour: '#7A2E8C', code: 'SLK' },
        ],
      },
      { name: 'Three-piece', colour: '#C2416F', code: 'TPC', home: true },
      { name: 'Kurti', colour: '#A8559E', code: 'KUR' },
    ],
  },
  {
    name: 'Men',
    colour: '#1F4E79',
    shape: 'shirt',
    home: true,
    children: [
      { name: 'Panjabi', colour: '#2C4A6E', code: 'PAN', home: true },
      { name: 'T-shirt', colour: '#2F6690', code: 'TSH' },
      { name: 'Shirt', colour: '#34597A', code: 'SHT' },
    ],
  },
  {
    name: 'Kids',
    colour: '#D9731C',
    shape: 'shirt',
    children: [
      { name: "Boys' Wear", colour: '#2E86AB', code: 'BOY' },
      { name: "Girls' Wear", colour: '#D65A8C', code: 'GRL', shape: 'dress' },
    ],
  },
  {
    name: 'Gadgets',
    colour: '#0F766E',
    shape: 'phone',
    home: true,
    children: [
      {
        name: 'Mobile Accessories',
        colour: '#0E6B73',
        code: 'MAC',
        children: [
          { name: 'Chargers & Cables', colour: '#155E75', code: 'CHG', shape: 'charger' },
          { name: 'Power Banks', colour: '#1E7A4F', code: 'PWB', shape: 'battery' },
          { name: 'Earphones', colour: '#3B3F8C', code: 'EAR', shape: 'earbuds' },
        ],
      },
      { name: 'Smart Watches', colour: '#263238', code: 'SMW', shape: 'watch', home: true },
    ],
  },
  {
    name: 'Home & Living',
    colour: '#7A5A2B',
    shape: 'home',
    children: [
      { name: 'Bedding', colour: '#5C7A99', code: 'BED' },
      { name: 'Kitchen & Dining', colour: '#A0522D', code: 'KIT', shape: 'cup' },
      { name: 'Home Decor', colour: '#6B7A3A', code: 'DEC', shape: 'lamp' },
    ],
  },
];

/** The phones of the two merchants seedDemoShop creates (the demo merchant first). */
const SUPPLIER_PHONES = { deshiTextiles: '01700000002', dhakaGadgetHouse: '01611000222' } as const;

const BRANDS: { name: string; colour: string; supplier?: keyof typeof SUPPLIER_PHONES }[] = [
  { name: 'Padma Loom', colour: '#8E1B3A', supplier: 'deshiTextiles' },
  { name: 'Shapla Weaves', colour: '#B4462B', supplier: 'deshiTextiles' },
  { name: 'Rongdhonu', colour: '#C2416F' },
  { name: 'Bunon', colour: '#2C4A6E' },
  { name: 'Urban Deshi', colour: '#2F6690' },
  { name: 'Chhotto Tara', colour: '#D9731C' },
  { name: 'Gati Tech', colour: '#155E75' },
  { name: 'Shakti Power', colour: '#1E7A4F' },
  { name: 'Tarang Audio', colour: '#3B3F8C', supplier: 'dhakaGadgetHouse' },
  { name: 'Somoy Wear', colour: '#263238' },
  { name: 'Nokshi Home', colour: '#7A5A2B' },
];

/** Attribute → [value, SKU code, colour hex]. */
const ATTRIBUTES: Record<'Size' | 'Colour' | 'Age' | 'Capacity', [string, string, string?][]> = {
  Size: [
    ['S', 'S'],
    ['M', 'M'],
    ['L', 'L'],
    ['XL', 'XL'],
    ['XXL', 'XXL'],
  ],
  Colour: [
    ['Black', 'BLK', '#1A1A1A'],
    ['White', 'WHT', '#F7F7F5'],
    ['Off White', 'OWH', '#EFE8DA'],
    ['Maroon', 'MRN', '#7B1E3A'],
    ['Red', 'RED', '#C0392B'],
    ['Pink', 'PNK', '#E75480'],
    ['Peach', 'PCH', '#F6B899'],
    ['Mustard', 'MST', '#D4A017'],
    ['Olive', 'OLV', '#6B7A3A'],
    ['Bottle Green', 'BGR', '#0B5345'],
    ['Sky Blue', 'SKY', '#7CB9E8'],
    ['Royal Blue', 'RBL', '#2A52BE'],
    ['Navy Blue', 'NVY', '#1F3A68'],
    ['Purple', 'PRP', '#6C3483'],
    ['Grey', 'GRY', '#8A8D91'],
    ['Silver', 'SLV', '#C0C0C0'],
  ],
  Age: [
    ['2-3 Years', '2Y'],
    ['4-5 Years', '4Y'],
    ['6-7 Years', '6Y'],
    ['8-9 Years', '8Y'],
  ],
  Capacity: [
    ['10000 mAh', '10K'],
    ['20000 mAh', '20K'],
  ],
};
type AttributeName = keyof typeof ATTRIBUTES;

interface ProductSeed {
  name: string;
  /** Slug of the deepest category the product is filed under. */
  category: string;
  brand: string;
  /** Retail price in taka. */
  price: number;
  about: string;
  size?: string[];
  age?: string[];
  colour?: string[];
  /** Capacity → retail price in taka of that variant. */
  capacity?: [string, number][];
  /** Discount price in taka, running from/to these many days from today when `sale` is given. */
  discount?: number;
  sale?: [number, number];
  flags?: ('featured' | 'bestseller' | 'home')[];
  stock?: 'low' | 'out';
  draft?: true;
}

const WOMEN_TOPS = ['S', 'M', 'L', 'XL'];
const THREE_PIECE = ['M', 'L', 'XL'];
const MEN = ['M', 'L', 'XL', 'XXL'];
const ALL_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const AGES = ['2-3 Years', '4-5 Years', '6-7 Years', '8-9 Years'];
const OLDER_AGES = ['4-5 Years', '6-7 Years', '8-9 Years'];

const PRODUCTS: ProductSeed[] = [
  {
    name: 'Dhakai Jamdani Saree, Full Zari Work',
    category: 'jamdani-saree',
    brand: 'Padma Loom',
    price: 14500,
    colour: ['Maroon', 'Bottle Green', 'Off White'],
    flags: ['featured', 'home'],
    about:
      'Handwoven in Rupganj on a traditional pit loom, with gold zari motifs across the body and a heavy anchal. Each piece takes six to eight weeks to weave.',
  },
  {
    name: 'Half Silk Jamdani Saree',
    category: 'jamdani-saree',
    brand: 'Padma Loom',
    price: 5200,
    colour: ['Red', 'Royal Blue', 'Mustard'],
    discount: 4680,
    sale: [-5, 10],
    flags: ['bestseller'],
    about: 'Half silk body with a cotton weft: light enough for office days, rich enough for an invitation.',
  },
  {
    name: 'Soft Cotton Jamdani Saree',
    category: 'jamdani-saree',
    brand: 'Shapla Weaves',
    price: 2850,
    colour: ['Off White', 'Sky Blue', 'Pink'],
    flags: ['home'],
    about: 'Fine count cotton Jamdani that stays cool through the Dhaka summer, with woven motifs in contrast thread.',
  },
  {
    name: 'Tangail Tant Cotton Saree',
    category: 'tangail-saree',
    brand: 'Shapla Weaves',
    price: 1450,
    colour: ['Red', 'Mustard', 'Bottle Green', 'Purple'],
    flags: ['bestseller', 'home'],
    about: 'Crisp tant cotton from Pathrail, Tangail, with a woven temple border and a light starch finish.',
  },
  {
    name: 'Tangail Soft Silk Saree with Zari Border',
    category: 'tangail-saree',
    brand: 'Shapla Weaves',
    price: 3650,
    colour: ['Maroon', 'Royal Blue'],
    discount: 3290,
    about: 'Soft silk with a narrow zari border and a striped anchal; drapes easily and keeps its fall.',
  },
  {
    name: 'Baluchari Silk Saree',
    category: 'katan-silk-saree',
    brand: 'Padma Loom',
    price: 6900,
    colour: ['Purple', 'Maroon'],
    about: 'Story scenes woven into the anchal in the Baluchari tradition, on a smooth silk body.',
  },
  {
    name: 'Mirpur Katan Saree',
    category: 'katan-silk-saree',
    brand: 'Padma Loom',
    price: 7800,
    colour: ['Red', 'Maroon'],
    flags: ['featured'],
    about: 'Woven in the Benarasi Palli of Mirpur with a dense zari pallu: a favourite for holud and wedding receptions.',
  },
  {
    name: 'Rajshahi Silk Saree',
    category: 'katan-silk-saree',
    brand: 'Shapla Weaves',
    price: 5600,
    colour: ['Peach', 'Olive'],
    stock: 'low',
    about: 'Pure Rajshahi silk with a soft sheen and a printed floral border.',
  },
  {
    name: 'Embroidered Lawn Three-piece',
    category: 'three-piece',
    brand: 'Rongdhonu',
    price: 2350,
    size: THREE_PIECE,
    colour: ['Peach', 'Sky Blue', 'Mustard'],
    discount: 1990,
    sale: [-3, 12],
    flags: ['bestseller', 'home'],
    about: 'Lawn cotton kameez with thread embroidery on the yoke, matching salwar and a chiffon orna.',
  },
  {
    name: 'Block Print Cotton Three-piece',
    category: 'three-piece',
    brand: 'Rongdhonu',
    price: 1650,
    size: THREE_PIECE,
    colour: ['Pink', 'Olive'],
    flags: ['home'],
    about: 'Hand block printed in Narsingdi on soft cotton; an easy everyday set.',
  },
  {
    name: 'Georgette Party Three-piece',
    category: 'three-piece',
    brand: 'Rongdhonu',
    price: 4250,
    size: THREE_PIECE,
    colour: ['Maroon', 'Black'],
    flags: ['featured'],
    about: 'Flowing georgette with stone and sequin work on the neckline, lined for comfort, for evening dawats.',
  },
  {
    name: 'Batik Print Three-piece',
    category: 'three-piece',
    brand: 'Rongdhonu',
    price: 1850,
    size: THREE_PIECE,
    colour: ['Purple', 'Bottle Green'],
    about: 'Wax batik on cotton voile, each piece slightly different from the next.',
  },
  {
    name: 'Hand-embroidered Cotton Kurti',
    category: 'kurti',
    brand: 'Rongdhonu',
    price: 1250,
    size: WOMEN_TOPS,
    colour: ['White', 'Navy Blue'],
    flags: ['bestseller'],
    about: 'Straight-cut cotton kurti with hand embroidery around the neck and three-quarter sleeves.',
  },
  {
    name: 'Linen Long Kurti',
    category: 'kurti',
    brand: 'Rongdhonu',
    price: 1590,
    size: WOMEN_TOPS,
    colour: ['Off White', 'Olive'],
    about: 'Calf-length linen kurti with side slits and wooden buttons; pairs with jeans or palazzo.',
  },
  {
    name: 'Printed Rayon Kurti',
    category: 'kurti',
    brand: 'Rongdhonu',
    price: 890,
    size: WOMEN_TOPS,
    colour: ['Pink', 'Sky Blue', 'Mustard'],
    discount: 790,
    flags: ['home'],
    about: 'Soft rayon with an all-over floral print that does not fade after washing.',
  },
  {
    name: 'Chikankari Kurti',
    category: 'kurti',
    brand: 'Rongdhonu',
    price: 1850,
    size: WOMEN_TOPS,
    colour: ['White', 'Peach'],
    draft: true,
    about: 'Fine shadow-work chikankari on georgette. Arriving next month.',
  },
  {
    name: 'Eid Special Cotton Panjabi',
    category: 'panjabi',
    brand: 'Bunon',
    price: 2450,
    size: MEN,
    colour: ['White', 'Sky Blue', 'Mustard'],
    discount: 2190,
    sale: [-7, 14],
    flags: ['featured', 'bestseller', 'home'],
    about: 'Fine Egyptian cotton panjabi with self-embroidery on the placket and covered buttons.',
  },
  {
    name: 'Silk Blend Embroidered Panjabi',
    category: 'panjabi',
    brand: 'Bunon',
    price: 3850,
    size: MEN,
    colour: ['Maroon', 'Black', 'Off White'],
    flags: ['featured'],
    about: 'Silk blend with karchupi embroidery on the collar and chest, for weddings and Eid evenings.',
  },
  {
    name: 'Khadi Cotton Panjabi',
    category: 'panjabi',
    brand: 'Bunon',
    price: 1890,
    size: MEN,
    colour: ['Off White', 'Grey'],
    about: 'Handspun Cumilla khadi: breathable, slightly textured, softer with every wash.',
  },
  {
    name: 'Printed Viscose Panjabi',
    category: 'panjabi',
    brand: 'Bunon',
    price: 1650,
    size: MEN,
    colour: ['Navy Blue', 'Bottle Green'],
    stock: 'low',
    about: 'Smooth viscose with a small all-over print; wrinkle resistant for long days.',
  },
  {
    name: 'Premium Cotton Polo T-shirt',
    category: 't-shirt',
    brand: 'Urban Deshi',
    price: 850,
    size: ALL_SIZES,
    colour: ['Black', 'White', 'Navy Blue'],
    flags: ['bestseller', 'home'],
    about: 'Pique knit polo from combed cotton with a ribbed collar that keeps its shape.',
  },
  {
    name: 'Round Neck Basic T-shirt',
    category: 't-shirt',
    brand: 'Urban Deshi',
    price: 450,
    size: ALL_SIZES,
    colour: ['Black', 'White', 'Grey', 'Bottle Green'],
    flags: ['bestseller'],
    about: 'The everyday tee: 180 GSM single jersey cotton, pre-shrunk.',
  },
  {
    name: 'Drop Shoulder Oversized T-shirt',
    category: 't-shirt',
    brand: 'Urban Deshi',
    price: 690,
    size: THREE_PIECE,
    colour: ['Black', 'Off White'],
    about: 'Relaxed oversized fit with dropped shoulders and a heavier 220 GSM fabric.',
  },
  {
    name: 'Rickshaw Art Graphic T-shirt',
    category: 't-shirt',
    brand: 'Urban Deshi',
    price: 590,
    size: WOMEN_TOPS,
    colour: ['White', 'Black'],
    discount: 490,
    sale: [2, 16],
    about: 'Front print inspired by Dhaka rickshaw painting, in crack-free water-based ink.',
  },
  {
    name: 'Oxford Cotton Formal Shirt',
    category: 'shirt',
    brand: 'Urban Deshi',
    price: 1650,
    size: MEN,
    colour: ['White', 'Sky Blue'],
    about: 'Oxford weave cotton with a button-down collar and full-length sleeves.',
  },
  {
    name: 'Casual Check Shirt',
    category: 'shirt',
    brand: 'Urban Deshi',
    price: 1350,
    size: MEN,
    colour: ['Red', 'Navy Blue'],
    about: 'Yarn-dyed check in soft brushed cotton, with a chest pocket.',
  },
  {
    name: 'Washed Denim Shirt',
    category: 'shirt',
    brand: 'Urban Deshi',
    price: 1790,
    size: THREE_PIECE,
    colour: ['Navy Blue', 'Sky Blue'],
    about: 'Stone-washed denim with snap buttons; wear it open over a tee or buttoned up.',
  },
  {
    name: 'Half Sleeve Linen Shirt',
    category: 'shirt',
    brand: 'Urban Deshi',
    price: 1490,
    size: MEN,
    colour: ['Off White', 'Olive'],
    discount: 1290,
    sale: [-10, 5],
    about: 'Linen-cotton blend with a camp collar: the coolest shirt for the monsoon heat.',
  },
  {
    name: "Boys' Panjabi Pajama Set",
    category: 'boys-wear',
    brand: 'Chhotto Tara',
    price: 1350,
    age: AGES,
    colour: ['White', 'Mustard'],
    flags: ['featured', 'home'],
    about: 'Soft cotton panjabi with a matching pajama, sized for little ones on Eid morning.',
  },
  {
    name: "Boys' T-shirt and Shorts Set",
    category: 'boys-wear',
    brand: 'Chhotto Tara',
    price: 750,
    age: AGES,
    colour: ['Navy Blue', 'Red'],
    about: 'Cotton jersey tee with elastic-waist shorts, made for running around.',
  },
  {
    name: "Boys' Stretch Denim Jeans",
    category: 'boys-wear',
    brand: 'Chhotto Tara',
    price: 990,
    age: OLDER_AGES,
    about: 'Stretch denim with an adjustable inner waistband, so it fits for longer.',
  },
  {
    name: "Girls' Cotton Frock",
    category: 'girls-wear',
    brand: 'Chhotto Tara',
    price: 890,
    age: AGES,
    colour: ['Pink', 'Peach'],
    flags: ['bestseller'],
    about: 'Flared cotton frock with smocking at the chest and a bow at the back.',
  },
  {
    name: "Girls' Party Gown",
    category: 'girls-wear',
    brand: 'Chhotto Tara',
    price: 2150,
    age: OLDER_AGES,
    colour: ['Purple', 'Red'],
    flags: ['featured'],
    about: 'Layered net gown with a satin bodice and soft lining that does not scratch.',
  },
  {
    name: "Girls' Salwar Kameez Set",
    category: 'girls-wear',
    brand: 'Chhotto Tara',
    price: 1290,
    age: AGES,
    colour: ['Sky Blue', 'Pink'],
    stock: 'low',
    about: 'Printed cotton kameez, salwar and a light orna, ready to wear.',
  },
  {
    name: '20W USB-C Fast Charger',
    category: 'chargers-cables',
    brand: 'Gati Tech',
    price: 890,
    flags: ['bestseller', 'home'],
    about: 'Power Delivery charger that takes most phones from 0 to 50% in about 30 minutes. Bangladeshi two-pin plug.',
  },
  {
    name: '65W GaN Charger with 3 Ports',
    category: 'chargers-cables',
    brand: 'Gati Tech',
    price: 2950,
    flags: ['featured'],
    about: 'Two USB-C and one USB-A port in a compact gallium nitride body; charges a laptop and a phone together.',
  },
  {
    name: 'Braided USB-C to USB-C Cable, 1.5 m',
    category: 'chargers-cables',
    brand: 'Gati Tech',
    price: 390,
    about: 'Nylon braided cable rated for 60 W charging and 10,000 bends.',
  },
  {
    name: 'USB-A to Lightning Cable, 1 m',
    category: 'chargers-cables',
    brand: 'Gati Tech',
    price: 450,
    stock: 'out',
    about: 'Fast-charging cable for iPhone and iPad with a reinforced connector.',
  },
  {
    name: 'Dual USB Car Charger 36W',
    category: 'chargers-cables',
    brand: 'Gati Tech',
    price: 750,
    about: 'Two quick-charge ports for the cigarette lighter socket, with a blue ring light.',
  },
  {
    name: 'Shakti Slim Power Bank',
    category: 'power-banks',
    brand: 'Shakti Power',
    price: 1650,
    capacity: [
      ['10000 mAh', 1650],
      ['20000 mAh', 2450],
    ],
    flags: ['bestseller', 'home'],
    about: 'Slim aluminium power bank with USB-C in and out and a battery level display.',
  },
  {
    name: 'Shakti Pro 22.5W Fast Charging Power Bank',
    category: 'power-banks',
    brand: 'Shakti Power',
    price: 2250,
    capacity: [
      ['10000 mAh', 2250],
      ['20000 mAh', 3250],
    ],
    flags: ['featured'],
    about: '22.5 W fast charging for phones and 20 W Power Delivery for iPhone; charges three devices at once.',
  },
  {
    name: 'Shakti Mini Power Bank with Built-in Cable',
    category: 'power-banks',
    brand: 'Shakti Power',
    price: 1450,
    capacity: [
      ['10000 mAh', 1450],
      ['20000 mAh', 2150],
    ],
    about: 'Pocket-sized with built-in USB-C and Lightning cables, so there is nothing to forget at home.',
  },
  {
    name: 'Magnetic Wireless Power Bank 10000 mAh',
    category: 'power-banks',
    brand: 'Shakti Power',
    price: 2950,
    colour: ['Black', 'White'],
    about: 'Snaps onto the back of a MagSafe iPhone and charges it wirelessly at up to 15 W.',
  },
  {
    name: 'Tarang Buds Pro Wireless Earbuds',
    category: 'earphones',
    brand: 'Tarang Audio',
    price: 2450,
    colour: ['Black', 'White'],
    discount: 2190,
    sale: [-4, 10],
    flags: ['featured', 'bestseller', 'home'],
    about: 'Active noise cancellation, 30 hours with the case and a low-latency mode for games.',
  },
  {
    name: 'Tarang Neckband Bluetooth Earphone',
    category: 'earphones',
    brand: 'Tarang Audio',
    price: 1250,
    colour: ['Black', 'Royal Blue'],
    about: 'Magnetic earbuds on a light neckband, with 20 hours of play and fast charging.',
  },
  {
    name: 'Tarang Bass Wired Earphone with Mic',
    category: 'earphones',
    brand: 'Tarang Audio',
    price: 350,
    flags: ['bestseller'],
    about: 'Deep bass in-ear earphone with a 3.5 mm jack, in-line mic and a tangle-free flat cable.',
  },
  {
    name: 'Tarang Studio Over-ear Headphone',
    category: 'earphones',
    brand: 'Tarang Audio',
    price: 3450,
    about: 'Closed-back over-ear headphone with 40 mm drivers and soft protein-leather cushions.',
  },
  {
    name: 'Selfie Stick Tripod with Bluetooth Remote',
    category: 'mobile-accessories',
    brand: 'Gati Tech',
    price: 890,
    about: 'Extends to 100 cm and opens into a steady tripod; the remote pairs in seconds.',
  },
  {
    name: 'Magnetic Car Phone Holder',
    category: 'mobile-accessories',
    brand: 'Gati Tech',
    price: 550,
    about: 'Clips onto the air vent and holds the phone with strong magnets, even on Dhaka roads.',
  },
  {
    name: 'Somoy Fit 2 Smart Watch',
    category: 'smart-watches',
    brand: 'Somoy Wear',
    price: 2950,
    colour: ['Black', 'Pink', 'Silver'],
    flags: ['bestseller', 'home'],
    about: 'Heart rate, SpO2, sleep and step tracking with notifications in Bangla and English.',
  },
  {
    name: 'Somoy Pro AMOLED Calling Smart Watch',
    category: 'smart-watches',
    brand: 'Somoy Wear',
    price: 4950,
    colour: ['Black', 'Silver'],
    discount: 4490,
    sale: [-2, 20],
    flags: ['featured'],
    about: 'Bright 1.43 inch AMOLED display; take calls from the wrist over Bluetooth.',
  },
  {
    name: 'Somoy Kids GPS Smart Watch',
    category: 'smart-watches',
    brand: 'Somoy Wear',
    price: 3450,
    colour: ['Pink', 'Royal Blue'],
    stock: 'low',
    about: 'Takes a nano SIM for two-way calls; parents see its location in the app.',
  },
  {
    name: 'Somoy Band 3 Fitness Tracker',
    category: 'smart-watches',
    brand: 'Somoy Wear',
    price: 1650,
    about: 'Light fitness band with a colour screen and 14 days of battery.',
  },
  {
    name: 'Cotton Bedsheet Set, King Size',
    category: 'bedding',
    brand: 'Nokshi Home',
    price: 1850,
    colour: ['Sky Blue', 'Peach', 'Olive'],
    flags: ['bestseller', 'home'],
    about: 'Twill cotton bedsheet (108 x 108 inch) with two matching pillow covers.',
  },
  {
    name: 'Nakshi Kantha Bed Cover',
    category: 'bedding',
    brand: 'Nokshi Home',
    price: 4250,
    flags: ['featured'],
    about: 'Hand-stitched by artisans in Jamalpur with traditional kantha running stitch motifs.',
  },
  {
    name: 'Printed Winter Comforter',
    category: 'bedding',
    brand: 'Nokshi Home',
    price: 2950,
    draft: true,
    about: 'Microfibre filled double comforter for the short Bangladeshi winter. Listed from November.',
  },
  {
    name: 'Handwoven Jute Table Mat Set (6 pcs)',
    category: 'kitchen-dining',
    brand: 'Nokshi Home',
    price: 650,
    about: 'Six round table mats handwoven from golden jute, heat resistant up to 120 °C.',
  },
  {
    name: 'Terracotta Tea Set, 6 Cups and Pot',
    category: 'kitchen-dining',
    brand: 'Nokshi Home',
    price: 1250,
    about: 'Glazed terracotta from Bogura potters, food safe and lead free.',
  },
  {
    name: 'Stainless Steel 3-layer Lunch Box',
    category: 'kitchen-dining',
    brand: 'Nokshi Home',
    price: 950,
    about: 'Three leak-proof food grade steel containers with a carry clip, for office and school.',
  },
  {
    name: 'Embroidered Cushion Cover Set (5 pcs)',
    category: 'home-decor',
    brand: 'Nokshi Home',
    price: 990,
    colour: ['Maroon', 'Mustard'],
    about: 'Five 16 x 16 inch cotton cushion covers with mirror work and hidden zips.',
  },
  {
    name: 'Bamboo Table Lamp',
    category: 'home-decor',
    brand: 'Nokshi Home',
    price: 1450,
    about: 'Handmade in Sylhet from split bamboo; casts a warm patterned light. E27 bulb holder.',
  },
  {
    name: 'Jute Wall Hanging with Tassels',
    category: 'home-decor',
    brand: 'Nokshi Home',
    price: 550,
    about: 'Macrame wall hanging in natural jute, 60 cm long, with a wooden rod.',
  },
];

/** What every product of a category shares: weight, low-stock threshold, stock range, description points. */
const CATEGORY_DETAILS: Record<string, { weight: number; threshold: number; stock: [number, number]; points: string[] }> = {
  saree: {
    weight: 650,
    threshold: 3,
    stock: [2, 12],
    points: [
      'Length 5.5 m (6 yards) with an unstitched blouse piece',
      'Dry clean the first time',
      'The colour may look slightly different on screens',
    ],
  },
  'three-piece': {
    weight: 450,
    threshold: 5,
    stock: [3, 18],
    points: ['Stitched and ready to wear: kameez, salwar and orna', 'Chest: M 38", L 40", XL 42"', 'Hand wash in cold water, dry in shade'],
  },
  kurti: {
    weight: 250,
    threshold: 5,
    stock: [3, 20],
    points: ['Chest: S 36", M 38", L 40", XL 42"', 'Hand wash in cold water, dry in shade'],
  },
  panjabi: {
    weight: 400,
    threshold: 5,
    stock: [3, 22],
    points: ['Chest / length: M 40"/42", L 42"/43", XL 44"/44", XXL 46"/45"', 'Two side pockets', 'Gentle machine wash'],
  },
  't-shirt': {
    weight: 200,
    threshold: 8,
    stock: [5, 40],
    points: ['Chest: S 36", M 38", L 40", XL 42", XXL 44"', 'Machine wash inside out, do not bleach'],
  },
  shirt: {
    weight: 300,
    threshold: 5,
    stock: [3, 24],
    points: ['Regular fit', 'Chest: M 40", L 42", XL 44", XXL 46"', 'Iron on medium heat'],
  },
  kids: {
    weight: 250,
    threshold: 5,
    stock: [3, 16],
    points: ['Soft fabric that is gentle on the skin', 'Between two ages, choose the older one for a loose fit'],
  },
  'chargers-cables': {
    weight: 120,
    threshold: 10,
    stock: [10, 80],
    points: ['6 months replacement warranty', 'Over-current and over-heat protection'],
  },
  'power-banks': {
    weight: 300,
    threshold: 10,
    stock: [6, 45],
    points: ['Protected against overcharging, overheating and short circuits', '1 year replacement warranty', 'Allowed in cabin baggage'],
  },
  earphones: {
    weight: 150,
    threshold: 10,
    stock: [6, 50],
    points: ['6 months replacement warranty', 'Charging cable and spare ear tips in the box'],
  },
  'mobile-accessories': { weight: 250, threshold: 8, stock: [5, 35], points: ['Fits phones up to 6.9 inches', '3 months warranty'] },
  'smart-watches': {
    weight: 120,
    threshold: 5,
    stock: [4, 30],
    points: ['Works with Android 8 and iOS 12 or later through the companion app', '1 year warranty', 'Magnetic charging cable included'],
  },
  bedding: { weight: 1500, threshold: 4, stock: [3, 18], points: ['100% cotton', 'Machine wash at 40 °C'] },
  'kitchen-dining': { weight: 700, threshold: 5, stock: [4, 25], points: ['Packed carefully in a padded box', 'Hand wash recommended'] },
  'home-decor': { weight: 500, threshold: 4, stock: [3, 20], points: ['Handmade: small differences make each piece unique'] },
};

const SLIDERS = [
  { title: 'Eid Collection', subtitle: 'Panjabi, three-piece and kids’ sets, up to 15% off', link: '/category/panjabi', colour: '#2C4A6E' },
  { title: 'Handwoven Jamdani', subtitle: 'Straight from the looms of Rupganj', link: '/category/jamdani-saree', colour: '#8E1B3A' },
  { title: 'Power that lasts', subtitle: 'Shakti power banks from ৳1,450', link: '/category/power-banks', colour: '#1E7A4F' },
];

const BANNERS = [
  { title: 'Cash on delivery in all 64 districts', position: 'home_top', link: '', colour: '#0F766E' },
  { title: 'Smart watches from ৳1,650', position: 'home_middle', link: '/category/smart-watches', colour: '#263238' },
  { title: 'Tangail tant sarees from ৳1,450', position: 'offer', link: '/category/tangail-saree', colour: '#B4462B' },
  { title: 'Kids’ Eid sets have arrived', position: 'offer', link: '/category/kids', colour: '#D9731C' },
] as const;

const COMBOS = [
  {
    name: 'Eid Family Combo',
    price: 5490,
    colour: '#2C4A6E',
    items: [
      ['Eid Special Cotton Panjabi', 'L / White'],
      ['Embroidered Lawn Three-piece', 'M / Peach'],
      ["Boys' Panjabi Pajama Set", '6-7 Years / White'],
    ],
  },
  {
    name: 'Travel Tech Combo',
    price: 2590,
    colour: '#155E75',
    items: [
      ['Shakti Slim Power Bank', '10000 mAh'],
      ['20W USB-C Fast Charger', ''],
      ['Braided USB-C to USB-C Cable, 1.5 m', ''],
    ],
  },
];

/** Stored sizes per folder, as the back-office upload uses. */
const SIZES: Record<string, ImageSizes> = PICTURE_FOLDERS;

export interface DemoCatalogueSummary {
  categories: number;
  brands: number;
  products: number;
  variants: number;
  images: number;
}

/**
 * Seeds the demo catalogue inside the first-start transaction (`db` is that transaction). Needs
 * the demo merchants and the first admin to exist already.
 */
export async function seedDemoCatalogue(db: Db, config: Config): Promise<DemoCatalogueSummary> {
  const now = new Date();
  const random = seededRandom(20_240_615);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const daysFromNow = (days: number, hour = 10) => {
    const date = new Date(now);
    date.setUTCDate(date.getUTCDate() + days);
    date.setUTCHours(hour, between(0, 59), 0, 0);
    return date.getTime() > now.getTime() && days <= 0 ? now : date;
  };

  // The tree with parents, paths and inherited colour and shape.
  const nodes = flattenTree(CATEGORY_TREE);
  const nodeBySlug = new Map(nodes.map((node) => [node.slug, node]));
  const leafOf = (product: ProductSeed) => {
    const node = nodeBySlug.get(product.category);
    if (!node) throw new Error(`demo catalogue: no category ${product.category}`);
    return node;
  };

  // Products in order of creation (ids follow it), each with its variants, stock and images.
  const skuCounters = new Map<string, number>();
  const plans = PRODUCTS.map((seed) => {
    const node = leafOf(seed);
    const details = detailsOf(node);
    const code = node.code ?? 'HB';
    const number = (skuCounters.get(code) ?? 100) + 1;
    skuCounters.set(code, number);
    const sku = `${code}-${number}`;
    const variants = variantsOf(seed, sku);
    const stocks = stockOf(seed, variants.length, details, between, random);
    const featured = seed.flags?.includes('featured') ?? false;
    const imageCount = featured ? 3 : seed.colour && seed.flags ? 2 : 1;
    return { seed, node, details, sku, variants, stocks, featured, imageCount, createdAt: daysFromNow(-between(3, 150), between(8, 20)) };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // Pictures render on sharp's threads while the inserts below run; each group is awaited where needed.
  const storage = config.storageDir;
  const render = limitConcurrency(4);
  const picture = (folder: string, svg: string) => render(() => renderImage(storage, folder, svg));
  const categoryPictures = nodes.map((node) => (node.level < 3 ? picture('categories', categorySvg(node)) : Promise.resolve(null)));
  const brandPictures = BRANDS.map((brand) => picture('brands', brandSvg(brand.name, brand.colour)));
  const sliderPictures = SLIDERS.map((slider) => picture('sliders', wideSvg(slider.title, slider.subtitle, slider.colour, 1200, 450)));
  const bannerPictures = BANNERS.map((banner) => picture('banners', wideSvg(banner.title, 'Haat Bazar', banner.colour, 800, 300)));
  const comboPictures = COMBOS.map((combo) =>
    picture('combos', wideSvg(combo.name, `Save with a bundle: ৳${taka(combo.price * 100)}`, combo.colour, 600, 600)),
  );
  const productPictures = plans.map((plan) =>
    Array.from({ length: plan.imageCount }, (_, index) => picture('products', productSvg(plan.seed, plan.node, index))),
  );
  const allPictures = [categoryPictures, brandPictures, productPictures.flat(), sliderPictures, bannerPictures, comboPictures].flat();
  // If an insert fails first, the pictures still settle quietly before the error is thrown.
  const settled = Promise.allSettled(allPictures);

  try {
    const [firstAdmin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.isSuper, true)).orderBy(asc(admins.id)).limit(1);
    const merchantRows = await db.select({ id: merchants.id, phone: merchants.phone }).from(merchants);
    const merchantId = (supplier: keyof typeof SUPPLIER_PHONES | undefined) =>
      supplier ? (merchantRows.find((row) => row.phone === SUPPLIER_PHONES[supplier])?.id ?? null) : null;

    // Attributes and their values.
    const attributeNames = Object.keys(ATTRIBUTES) as AttributeName[];
    const attributeRows = await db
      .insert(attributes)
      .values(attributeNames.map((name, index) => ({ name, sortOrder: index + 1 })))
      .returning({ id: attributes.id, name: attributes.name });
    const valueRows = await db
      .insert(attributeValues)
      .values(
        attributeRows.flatMap((attribute) =>
          ATTRIBUTES[attribute.name as AttributeName].map(([value, , colorHex], index) => ({
            attributeId: attribute.id,
            value,
            colorHex: colorHex ?? null,
            sortOrder: index + 1,
          })),
        ),
      )
      .returning({ id: attributeValues.id, attributeId: attributeValues.attributeId, value: attributeValues.value });
    const attributeIdByName = new Map(attributeRows.map((row) => [row.name, row.id]));
    const valueId = (attribute: AttributeName, value: string) => {
      const row = valueRows.find((candidate) => candidate.attributeId === attributeIdByName.get(attribute) && candidate.value === value);
      if (!row) throw new Error(`demo catalogue: no ${attribute} value ${value}`);
      return row.id;
    };

    // Brands with their logos.
    const logos = await Promise.all(brandPictures);
    const brandRows = await db
      .insert(brands)
      .values(
        BRANDS.map((brand, index) => ({
          name: brand.name,
          slug: slugify(brand.name),
          logo: logos[index]?.path ?? null,
          sortOrder: index + 1,
        })),
      )
      .returning({ id: brands.id, name: brands.name });
    const brandByName = new Map(brandRows.map((row) => [row.name, row.id]));

    // Categories level by level, so each level knows its parents' ids.
    const categoryImages = await Promise.all(categoryPictures);
    const categoryId = new Map<string, number>();
    for (const level of [1, 2, 3] as const) {
      const levelNodes = nodes.filter((node) => node.level === level);
      const rows = await db
        .insert(categories)
        .values(
          levelNodes.map((node) => ({
            level,
            parentId: node.parent ? (categoryId.get(node.parent.slug) ?? null) : null,
            name: node.name,
            nameBn: DEMO_BENGALI_NAMES[node.name] ?? null,
            slug: node.slug,
            image: categoryImages[nodes.indexOf(node)]?.path ?? null,
            sortOrder: node.order,
            showOnHome: node.home ?? false,
          })),
        )
        .returning({ id: categories.id, slug: categories.slug });
      for (const row of rows) categoryId.set(row.slug, row.id);
    }

    // Products.
    const productRows = await db
      .insert(products)
      .values(
        plans.map(({ seed, node, details, sku, stocks, createdAt }) => {
          const path = node.path.map((slug) => categoryId.get(slug) ?? null);
          const brand = BRANDS.find((candidate) => candidate.name === seed.brand);
          const retail = seed.price * 100;
          // Resellers buy below any discount the shop itself gives.
          const wholesale = roundToTenTaka(Math.min(retail * (0.8 + random() * 0.06), (seed.discount ?? seed.price) * 100 * 0.94));
          const cost = roundToTenTaka(retail * (0.6 + random() * 0.08));
          const seo = seed.flags?.includes('featured') || seed.flags?.includes('bestseller');
          const nameBn = DEMO_BENGALI_NAMES[seed.name] ?? null;
          return {
            name: seed.name,
            nameBn,
            searchKey: nameSearchKey(seed.name, nameBn),
            slug: slugify(seed.name),
            sku,
            categoryId: path[0] ?? null,
            subcategoryId: path[1] ?? null,
            subSubcategoryId: path[2] ?? null,
            brandId: brandByName.get(seed.brand) ?? null,
            merchantId: merchantId(brand?.supplier),
            // The merchant's price: what the shop pays the merchant per unit delivered (decision 037).
            merchantPrice: merchantId(brand?.supplier) ? roundToTenTaka(retail * 0.7) : null,
            description: `<p>${escapeHtml(seed.about)}</p><ul>${details.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>`,
            purchaseCost: cost,
            wholesalePrice: wholesale,
            retailPrice: retail,
            discountPrice: seed.discount ? seed.discount * 100 : null,
            discountStartsAt: seed.sale ? daysFromNow(seed.sale[0], 0) : null,
            discountEndsAt: seed.sale ? daysFromNow(seed.sale[1], 23) : null,
            lowStockThreshold: details.threshold,
            weightGrams: details.weight,
            status: seed.draft ? 0 : 1,
            isFeatured: seed.flags?.includes('featured') ?? false,
            isBestSeller: seed.flags?.includes('bestseller') ?? false,
            showOnHome: seed.flags?.includes('home') ?? false,
            seoTitle: seo ? `${seed.name} | Haat Bazar` : null,
            seoDescription: seo
              ? `Buy ${seed.name} by ${seed.brand} at ৳${taka(seed.discount ? seed.discount * 100 : retail)}. Cash on delivery across Bangladesh, 7-day easy return.`
              : null,
            stock: stocks.reduce((sum, stock) => sum + stock, 0),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id, sku: products.sku });
    const productId = new Map(productRows.map((row) => [row.sku, row.id]));
    const idOf = (plan: (typeof plans)[number]) => productId.get(plan.sku) as number;

    // Variants, their attribute values and the opening stock ledger.
    const barcodeOf = new Map(plans.flatMap((plan) => plan.variants).map((variant, index) => [variant, demoBarcode(index + 1)]));
    const variantRows = await db
      .insert(productVariants)
      .values(
        plans.flatMap((plan) =>
          plan.variants.map((variant, index) => ({
            productId: idOf(plan),
            sku: variant.sku,
            label: variant.label,
            barcode: barcodeOf.get(variant) ?? null,
            priceOverride: variant.price && variant.price !== plan.seed.price ? variant.price * 100 : null,
            stock: plan.stocks[index] ?? 0,
            sortOrder: index + 1,
            createdAt: plan.createdAt,
            updatedAt: plan.createdAt,
          })),
        ),
      )
      .returning({ id: productVariants.id, sku: productVariants.sku });
    const variantId = new Map(variantRows.map((row) => [row.sku, row.id]));
    const variantValues = plans.flatMap((plan) =>
      plan.variants.flatMap((variant) =>
        variant.values.map(([attribute, value]) => ({
          variantId: variantId.get(variant.sku) as number,
          attributeValueId: valueId(attribute, value),
        })),
      ),
    );
    if (variantValues.length) await db.insert(productVariantValues).values(variantValues);
    // A variant that starts at zero has no opening row: its ledger sum is zero all the same.
    const openings = plans.flatMap((plan) =>
      plan.variants.flatMap((variant, index) =>
        (plan.stocks[index] ?? 0) > 0
          ? [
              {
                variantId: variantId.get(variant.sku) as number,
                quantity: plan.stocks[index] ?? 0,
                kind: 'opening' as const,
                reason: 'Opening stock',
                adminId: firstAdmin?.id ?? null,
                createdAt: plan.createdAt,
              },
            ]
          : [],
      ),
    );
    await db.insert(stockMovements).values(openings);

    // Views per day for the last 30 days: featured and best-selling products are looked at more.
    const timeZone = DEFAULT_GENERAL_SETTING.time_zone;
    const views = plans
      .filter((plan) => !plan.seed.draft)
      .flatMap((plan) => {
        const weight = (plan.featured ? 3 : 1) * (plan.seed.flags?.includes('bestseller') ? 1.6 : 1);
        return Array.from({ length: 30 }, (_, back) => {
          const moment = new Date(now.getTime() - back * 86_400_000);
          if (moment < plan.createdAt) return null;
          // Friday and Saturday, the weekend, bring more visitors.
          const weekend = [5, 6].includes(moment.getUTCDay()) ? 1.35 : 1;
          const count = Math.round(between(2, 14) * weight * weekend * (1 + (30 - back) / 60));
          return { productId: idOf(plan), day: dayIn(moment, timeZone), views: count };
        }).filter((row) => row !== null);
      });
    await db.insert(productViews).values(views);

    // Sliders and banners.
    const sliderImages = await Promise.all(sliderPictures);
    await db.insert(sliders).values(
      SLIDERS.map((slider, index) => ({
        title: slider.title,
        subtitle: slider.subtitle,
        image: sliderImages[index]?.path ?? '',
        link: slider.link,
        sortOrder: index + 1,
      })),
    );
    const bannerImages = await Promise.all(bannerPictures);
    await db.insert(banners).values(
      BANNERS.map((banner, index) => ({
        title: banner.title,
        image: bannerImages[index]?.path ?? '',
        link: banner.link,
        position: banner.position,
        sortOrder: index + 1,
      })),
    );

    // Combos of existing variants, priced below the sum of their parts.
    const comboImages = await Promise.all(comboPictures);
    const comboRows = await db
      .insert(combos)
      .values(
        COMBOS.map((combo, index) => ({
          name: combo.name,
          slug: slugify(combo.name),
          image: comboImages[index]?.path ?? null,
          price: combo.price * 100,
        })),
      )
      .returning({ id: combos.id, slug: combos.slug });
    await db.insert(comboItems).values(
      COMBOS.flatMap((combo) =>
        combo.items.map(([name, label]) => {
          const plan = plans.find((candidate) => candidate.seed.name === name);
          const variant = plan?.variants.find((candidate) => candidate.label === label);
          if (!variant) throw new Error(`demo catalogue: combo ${combo.name} names a missing variant ${name} ${label}`);
          return {
            comboId: comboRows.find((row) => row.slug === slugify(combo.name))?.id as number,
            variantId: variantId.get(variant.sku) as number,
            quantity: 1,
          };
        }),
      ),
    );

    // Product pictures last: they take longest to render.
    const pictures = await Promise.all(productPictures.map((list) => Promise.all(list)));
    await db.insert(productImages).values(
      plans.flatMap((plan, planIndex) =>
        (pictures[planIndex] ?? []).map((image, index) => ({
          productId: idOf(plan),
          path: image.path,
          thumbnail: image.thumbnail,
          sortOrder: index + 1,
          isMain: index === 0,
        })),
      ),
    );

    return {
      categories: nodes.length,
      brands: BRANDS.length,
      products: plans.length,
      variants: variantRows.length,
      images: allPictures.length,
    };
  } finally {
    await settled;
  }
}

// ── Catalogue helpers ─────────────────────────────────────────────────────────

interface CategoryNode {
  name: string;
  slug: string;
  level: 1 | 2 | 3;
  order: number;
  parent: CategoryNode | null;
  /** Slugs from the top level down to this node. */
  path: string[];
  colour: string;
  shape: Shape;
  code?: string;
  home?: boolean;
}

function flattenTree(tree: CategorySeed[]): CategoryNode[] {
  const nodes: CategoryNode[] = [];
  const walk = (seeds: CategorySeed[], parent: CategoryNode | null) => {
    seeds.forEach((seed, index) => {
      const slug = slugify(seed.name);
      const node: CategoryNode = {
        name: seed.name,
        slug,
        level: (parent ? parent.level + 1 : 1) as 1 | 2 | 3,
        order: index + 1,
        parent,
        path: [...(parent?.path ?? []), slug],
        colour: seed.colour,
        shape: seed.shape ?? parent?.shape ?? 'home',
        code: seed.code,
        home: seed.home,
      };
      nodes.push(node);
      walk(seed.children ?? [], node);
    });
  };
  walk(tree, null);
  return nodes;
}

/** The details of the nearest category (itself or an ancestor) that has some. */
function detailsOf(node: CategoryNode) {
  for (const slug of [...node.path].reverse()) {
    const details = CATEGORY_DETAILS[slug];
    if (details) return details;
  }
  throw new Error(`demo catalogue: no details for ${node.slug}`);
}

interface VariantPlan {
  sku: string;
  label: string;
  values: [AttributeName, string][];
  /** Retail price in taka when this variant has its own. */
  price?: number;
}

/** Every combination of the product's options (size or age, then colour, then capacity), or one plain variant. */
function variantsOf(seed: ProductSeed, sku: string): VariantPlan[] {
  const options: [AttributeName, string[]][] = [];
  if (seed.size) options.push(['Size', seed.size]);
  if (seed.age) options.push(['Age', seed.age]);
  if (seed.colour) options.push(['Colour', seed.colour]);
  if (seed.capacity) options.push(['Capacity', seed.capacity.map(([value]) => value)]);
  if (!options.length) return [{ sku, label: '', values: [] }];

  let combinations: [AttributeName, string][][] = [[]];
  for (const [attribute, values] of options) {
    combinations = combinations.flatMap((combination) =>
      values.map((value) => [...combination, [attribute, value] as [AttributeName, string]]),
    );
  }
  return combinations.map((values) => {
    const codes = values.map(([attribute, value]) => ATTRIBUTES[attribute].find(([candidate]) => candidate === value)?.[1] ?? value);
    const capacity = values.find(([attribute]) => attribute === 'Capacity')?.[1];
    return {
      sku: `${sku}-${codes.join('-')}`,
      label: values.map(([, value]) => value).join(' / '),
      values,
      price: seed.capacity?.find(([value]) => value === capacity)?.[1],
    };
  });
}

/** Opening stock per variant: a low-stock product totals no more than its threshold, an out-of-stock one is empty. */
function stockOf(
  seed: ProductSeed,
  variantCount: number,
  details: { threshold: number; stock: [number, number] },
  between: (low: number, high: number) => number,
  random: () => number,
): number[] {
  if (seed.stock === 'out') return Array.from({ length: variantCount }, () => 0);
  if (seed.stock === 'low') {
    let left = details.threshold;
    return Array.from({ length: variantCount }, (_, index) => {
      const stock = index % 2 === 0 ? Math.min(left, between(1, 2)) : 0;
      left -= stock;
      return stock;
    });
  }
  return Array.from({ length: variantCount }, () => {
    const roll = random();
    // Now and then one size or colour has sold out or is running low.
    if (roll < 0.04) return 0;
    if (roll < 0.08) return between(1, 2);
    return between(details.stock[0], details.stock[1]);
  });
}

/** Paisa rounded to whole tens of taka, the way shops price things. */
const roundToTenTaka = (paisa: number) => Math.max(1000, Math.round(paisa / 1000) * 1000);
const taka = (paisa: number) => (paisa / 100).toLocaleString('en-IN');

/** A small deterministic generator (mulberry32), so every demo shop looks the same. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

function limitConcurrency(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    while (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

// ── Pictures ──────────────────────────────────────────────────────────────────

/** Renders an SVG and stores it the way an upload is stored (large and thumbnail WebP). */
async function renderImage(storageDir: string, folder: string, svg: string): Promise<StoredImage> {
  // An uncompressed PNG is the quickest lossless hand-over to storeImage.
  const png = await (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  return storeImage(storageDir, folder, png, {
    field: 'image',
    limitBytes: 16 * 1024 * 1024,
    sizes: SIZES[folder] ?? { large: 1200, thumbnail: 360 },
  });
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) =>
      Math.round(channel + (target - channel) * Math.abs(amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Splits a name into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const result: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      result.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) result.push(line);
  if (result.length > lines)
    return [
      ...result.slice(0, lines - 1),
      `${result
        .slice(lines - 1)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return result;
}

/** Shapes drawn around (0, 0) in a box of about 200 × 200. */
const SHAPES: Record<Shape, (fill: string) => string> = {
  dress: (fill) =>
    `<path d="M-30-90Q0-72 30-90L42-38L88 92L-88 92L-42-38Z" fill="${fill}"/><path d="M-42-38L42-38" stroke="#fff" stroke-opacity=".5" stroke-width="6"/>`,
  shirt: (fill) =>
    `<path d="M-58-82L-24-92Q0-70 24-92L58-82L98-40L70-12L55-28L55 92L-55 92L-55-28L-70-12L-98-40Z" fill="${fill}"/><path d="M0-74L0 92" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>`,
  charger: (fill) =>
    `<rect x="-18" y="-100" width="10" height="30" rx="3" fill="#fff"/><rect x="8" y="-100" width="10" height="30" rx="3" fill="#fff"/><rect x="-60" y="-72" width="120" height="150" rx="28" fill="${fill}"/><rect x="-14" y="40" width="28" height="12" rx="4" fill="#fff" fill-opacity=".7"/>`,
  battery: (fill) =>
    `<rect x="-62" y="-95" width="124" height="190" rx="22" fill="${fill}"/>${[0, 1, 2, 3].map((bar) => `<rect x="-38" y="${-65 + bar * 36}" width="76" height="24" rx="6" fill="#fff" fill-opacity="${0.9 - bar * 0.2}"/>`).join('')}`,
  earbuds: (fill) =>
    `<circle cx="-45" cy="-30" r="38" fill="${fill}"/><rect x="-58" y="-10" width="26" height="95" rx="13" fill="${fill}"/><circle cx="45" cy="-30" r="38" fill="${fill}"/><rect x="32" y="-10" width="26" height="95" rx="13" fill="${fill}"/><circle cx="-45" cy="-30" r="14" fill="#fff" fill-opacity=".5"/><circle cx="45" cy="-30" r="14" fill="#fff" fill-opacity=".5"/>`,
  watch: (fill) =>
    `<rect x="-34" y="-100" width="68" height="200" rx="18" fill="${fill}" fill-opacity=".8"/><rect x="-62" y="-62" width="124" height="124" rx="30" fill="${fill}"/><rect x="-48" y="-48" width="96" height="96" rx="20" fill="#fff" fill-opacity=".25"/><path d="M0-28L0 0L22 12" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round"/>`,
  phone: (fill) =>
    `<rect x="-55" y="-100" width="110" height="200" rx="20" fill="${fill}"/><rect x="-45" y="-80" width="90" height="150" rx="8" fill="#fff" fill-opacity=".3"/><circle cx="0" cy="84" r="8" fill="#fff"/>`,
  home: (fill) =>
    `<path d="M0-95L98-12L72-12L72 90L-72 90L-72-12L-98-12Z" fill="${fill}"/><rect x="-20" y="30" width="40" height="60" fill="#fff" fill-opacity=".5"/>`,
  cup: (fill) =>
    `<path d="M-70-50L70-50L55 70Q50 90 30 90L-30 90Q-50 90-55 70Z" fill="${fill}"/><path d="M66-25Q110-20 95 25Q85 50 58 45" stroke="${fill}" stroke-width="16" fill="none"/><path d="M-30-95Q-15-75-30-60M5-95Q20-75 5-60" stroke="#fff" stroke-width="6" fill="none" stroke-opacity=".7"/>`,
  lamp: (fill) =>
    `<path d="M-45-95L45-95L80 5L-80 5Z" fill="${fill}"/><rect x="-8" y="5" width="16" height="70" fill="#fff" fill-opacity=".8"/><rect x="-55" y="75" width="110" height="18" rx="9" fill="${fill}"/>`,
};

const colourHex = (name: string) => ATTRIBUTES.Colour.find(([value]) => value === name)?.[2];

/** A square product picture: the category's gradient, the category's shape (in a variant colour on later pictures), the name. */
function productSvg(seed: ProductSeed, node: CategoryNode, index: number): string {
  const size = 400;
  const base = node.colour;
  const colour = index > 0 && seed.colour?.[index - 1] ? colourHex(seed.colour[index - 1] as string) : undefined;
  const fill = colour ?? shade(base, 0.55);
  const layouts = [
    { x: 250, y: 200, scale: 1.15, rotate: 0, gradient: 'x2="1" y2="1"' },
    { x: 250, y: 195, scale: 1.2, rotate: -8, gradient: 'x2="0" y2="1"' },
    { x: 250, y: 205, scale: 1.05, rotate: 8, gradient: 'x1="1" x2="0" y2="1"' },
  ];
  const layout = layouts[index % layouts.length] as (typeof layouts)[number];
  const lines = wrap(seed.name, 26, 2);
  const text = lines
    .map(
      (line, row) =>
        `<text x="250" y="${398 + row * 34}" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 500 500" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="g" ${layout.gradient}><stop offset="0" stop-color="${shade(base, 0.25)}"/><stop offset="1" stop-color="${shade(base, -0.35)}"/></linearGradient></defs>
<rect width="500" height="500" fill="url(#g)"/>
<circle cx="${index === 1 ? 80 : 420}" cy="80" r="150" fill="#fff" fill-opacity=".08"/>
<circle cx="250" cy="200" r="130" fill="#fff" fill-opacity=".12"/>
<g transform="translate(${layout.x} ${layout.y}) rotate(${layout.rotate}) scale(${layout.scale})" stroke="${colour ? '#fff' : 'none'}" stroke-width="${colour ? 3 : 0}">${SHAPES[node.shape](fill)}</g>
${text}
<text x="250" y="${lines.length > 1 ? 470 : 440}" font-size="18" fill="#fff" fill-opacity=".8" text-anchor="middle" letter-spacing="2">${escapeXml(seed.brand.toUpperCase())}</text>
</svg>`;
}

function categorySvg(node: CategoryNode): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${shade(node.colour, 0.3)}"/><stop offset="1" stop-color="${shade(node.colour, -0.3)}"/></linearGradient></defs>
<rect width="320" height="320" fill="url(#g)"/>
<g transform="translate(160 135) scale(.8)">${SHAPES[node.shape](shade(node.colour, 0.6))}</g>
<text x="160" y="285" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(node.name)}</text>
</svg>`;
}

function brandSvg(name: string, colour: string): string {
  const initials = name
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="240" height="240" fill="#fff"/>
<circle cx="120" cy="96" r="66" fill="${colour}"/>
<text x="120" y="116" font-size="54" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
<text x="120" y="206" font-size="24" font-weight="700" fill="${colour}" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
}

/** Sliders, banners and combo pictures: a title and a line on the colour's gradient. */
function wideSvg(rawTitle: string, rawSubtitle: string, colour: string, width: number, height: number): string {
  // Few machines have a font with the taka sign, so pictures spell it the way shop signs do.
  const [title, subtitle] = [rawTitle, rawSubtitle].map((text) => text.replaceAll('৳', 'Tk\u00a0')) as [string, string];
  const titleSize = Math.round(height / (width > height ? 6 : 11));
  // Bold DejaVu is about 0.65 em wide per character.
  const lines = wrap(title, Math.floor((width * 0.9) / (titleSize * 0.65)), 2);
  const top = height / 2 - ((lines.length - 1) * titleSize * 1.15) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="g" x2="1" y2=".4"><stop offset="0" stop-color="${shade(colour, -0.3)}"/><stop offset="1" stop-color="${shade(colour, 0.3)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.85}" cy="${height * 0.3}" r="${height * 0.55}" fill="#fff" fill-opacity=".1"/>
<circle cx="${width * 0.1}" cy="${height}" r="${height * 0.4}" fill="#fff" fill-opacity=".07"/>
${lines
  .map(
    (line, row) =>
      `<text x="${width / 2}" y="${top + row * titleSize * 1.15}" font-size="${titleSize}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
  )
  .join('')}
<text x="${width / 2}" y="${top + (lines.length - 1) * titleSize * 1.15 + titleSize * 1.1}" font-size="${Math.round(titleSize * 0.45)}" fill="#fff" fill-opacity=".9" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
}
