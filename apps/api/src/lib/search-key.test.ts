import { describe, expect, it } from 'vitest';
import { nameSearchKey, romaniseBengali, searchKey } from './search-key';

describe('romaniseBengali', () => {
  it('spells Bengali words in Latin letters', () => {
    expect(romaniseBengali('পাঞ্জাবি')).toBe('panjabi');
    expect(romaniseBengali('শাড়ি')).toBe('shari');
    expect(romaniseBengali('শার্ট')).toBe('shart');
    expect(romaniseBengali('শর্টস')).toBe('shorts');
    expect(romaniseBengali('ব্যাগ')).toBe('bag');
    expect(romaniseBengali('লেহেঙ্গা')).toBe('lehengga');
    expect(romaniseBengali('১২৩')).toBe('123');
  });
});

describe('searchKey', () => {
  const same = (a: string, b: string) => expect(searchKey(a), `${a} ~ ${b}`).toBe(searchKey(b));

  it('keys a Bengali spelling of an English name like the English name', () => {
    same('পাঞ্জাবি', 'Panjabi');
    same('শাড়ি', 'Saree');
    same('শাড়ি', 'sari');
    same('টি শার্ট', 'T-Shirt');
    same('টিশার্ট', 't shirt');
    same('জিন্স', 'Jeans');
    same('হুডি', 'Hoodie');
    same('থ্রি পিস', 'Three Piece');
    same('লেহেঙ্গা', 'Lehenga');
    same('কুর্তি', 'Kurti');
    same('ওয়াচ', 'watch');
    same('ফ্রক', 'frock');
    same('ভি নেক', 'V-neck');
    same('শর্টস', 'shorts');
    same('কটন', 'Cotton');
    same('গাউন', 'Gown');
    same('চার্জার', 'Charger');
    same('হেডফোন', 'Headphone');
    same('কভার', 'Cover');
    same('স্নিকার্স', 'Sneakers');
    same('সালোয়ার কামিজ', 'Salwar Kameez');
  });

  it('tells apart names that only sound alike loosely', () => {
    expect(searchKey('শাড়ি')).not.toBe(searchKey('Shirt'));
    expect(searchKey('Shirt')).not.toBe(searchKey('Shorts'));
    expect(searchKey('T-Shirt')).not.toContain(searchKey('Saree'));
  });

  it('folds spellings of one sound', () => {
    same('Phone', 'fone');
    same('Bhai', 'bai');
    same('Shada', 'sada');
    same('Aam', 'am');
    same('Kameez', 'kamij');
  });

  it('is empty for text without letters or digits', () => {
    expect(searchKey('  --%% ')).toBe('');
    expect(searchKey(null)).toBe('');
  });

  it('keeps both names of a record apart', () => {
    expect(nameSearchKey('Cotton Panjabi', 'সুতি পাঞ্জাবি')).toBe(`${searchKey('Cotton Panjabi')} ${searchKey('সুতি পাঞ্জাবি')}`);
    expect(nameSearchKey('Cotton Panjabi', null)).toBe(searchKey('Cotton Panjabi'));
    expect(nameSearchKey('Plain', '')).toContain(searchKey('Plain'));
  });
});
