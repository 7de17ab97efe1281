import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import resourceWords from '../admin/resources/registry.phrases.bn.ts';
import serverMessages from '../ui/server-messages.phrases.bn.ts';
import shopperMessages from '../ui/shopper-messages.phrases.bn.ts';
import { PHRASES } from './phrases';
import { translateServerMessage } from './translate-message';

// The server answers in English; the web app shows its messages in Bengali from the phrasebooks (decision 030).
describe("the server's messages in Bengali", () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'bn', fallbackLng: 'en', ns: [PHRASES], keySeparator: false, nsSeparator: false });
    for (const book of [serverMessages, shopperMessages, resourceWords]) i18next.addResourceBundle('bn', PHRASES, book, true, true);
  });

  it('translates a whole message', () => {
    expect(translateServerMessage('These credentials do not match our records.')).toBe('এই তথ্য আমাদের রেকর্ডের সঙ্গে মেলেনি।');
    expect(translateServerMessage('Another category already uses this slug.')).toBe('অন্য একটি ক্যাটাগরি এই স্লাগ ব্যবহার করছে।');
  });

  it("translates the resource machinery's templates with the resource's word", () => {
    expect(translateServerMessage('The category was created.')).toBe('ক্যাটাগরি তৈরি হয়েছে।');
    expect(translateServerMessage('The brand was deleted.')).toBe('ব্র্যান্ড মুছে ফেলা হয়েছে।');
  });

  it("puts a shopper's numbers in Bengali digits and keeps the product's name", () => {
    expect(translateServerMessage('Only 3 of Jamdani Saree are left; you asked for 10.')).toBe(
      'Jamdani Saree আর মাত্র ৩টি আছে; আপনি চেয়েছেন ১০টি।',
    );
    expect(translateServerMessage('You can withdraw at most ৳1,250.00, your available balance.')).toBe(
      'আপনি সর্বোচ্চ ৳১,২৫০.০০ তুলতে পারবেন, যা আপনার বর্তমান ব্যালান্স।',
    );
  });

  it("translates a bulk action's refusals sentence by sentence, and a message put into another", () => {
    expect(translateServerMessage('The category was not found. The brand was not found.')).toBe('ক্যাটাগরি পাওয়া যায়নি। ব্র্যান্ড পাওয়া যায়নি।');
    expect(translateServerMessage('Order HB-10212 was not shipped: Steadfast answered without a consignment id.')).toBe(
      'অর্ডার HB-10212 পাঠানো হয়নি: Steadfast কনসাইনমেন্ট আইডি ছাড়া উত্তর দিয়েছে।',
    );
  });

  it('leaves a message it does not know in English, and English as it is', async () => {
    expect(translateServerMessage('A message nobody translated.')).toBe('A message nobody translated.');
    await i18next.changeLanguage('en');
    expect(translateServerMessage('The category was created.')).toBe('The category was created.');
    await i18next.changeLanguage('bn');
  });
});

describe('a count put into a message', () => {
  it('reads in Bengali digits with its word translated', async () => {
    await i18next.changeLanguage('bn');
    i18next.addResourceBundle('bn', PHRASES, { subcategory: 'সাব-ক্যাটাগরি' }, true, true);
    expect(translateServerMessage('This category cannot be deleted: it is used by 1 subcategory.')).toBe(
      'এই ক্যাটাগরি মুছে ফেলা যাবে না: ১ সাব-ক্যাটাগরি এটি ব্যবহার করছে।',
    );
    expect(translateServerMessage('This category cannot be deleted: it is used by 3 subcategories and 12 products.')).toBe(
      'এই ক্যাটাগরি মুছে ফেলা যাবে না: ৩ সাবক্যাটাগরি ও ১২ পণ্য এটি ব্যবহার করছে।',
    );
  });
});
