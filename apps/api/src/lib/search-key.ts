/**
 * A search key: a name or a query in one Latin spelling, so "পাঞ্জাবি" finds "Panjabi", "শাড়ি" finds
 * "Saree" and "টি শার্ট" finds "T-Shirt". Bengali letters are romanised, then both scripts go through
 * the same phonetic folding (ph/f, sh/s, bh/b, aa/a, ee/i, w/o, doubled letters…), and the words are
 * joined without spaces ("tshirt" and "t shirt" are the same). Products and categories keep the key of
 * their English and Bengali names in a column with a trigram index; a query's key is looked up in it
 * with `like '%key%'` (docs/decisions/031-bengali-names-and-search-keys.md).
 */

const INDEPENDENT_VOWELS: Record<string, string> = {
  অ: 'o',
  আ: 'a',
  ই: 'i',
  ঈ: 'i',
  উ: 'u',
  ঊ: 'u',
  ঋ: 'ri',
  এ: 'e',
  ঐ: 'oi',
  ও: 'o',
  ঔ: 'ou',
};

const VOWEL_SIGNS: Record<string, string> = {
  'া': 'a',
  'ি': 'i',
  'ী': 'i',
  'ু': 'u',
  'ূ': 'u',
  'ৃ': 'ri',
  'ে': 'e',
  'ৈ': 'oi',
  'ো': 'o',
  'ৌ': 'ou',
};

const CONSONANTS: Record<string, string> = {
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'ph',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  '\u09dc': 'r',
  '\u09dd': 'rh',
  '\u09df': 'y',
  ৎ: 't',
};

/** Signs after a letter: anusvara and chandrabindu (a nasal: কাঁথা "kantha"), visarga (silent). */
const OTHER_SIGNS: Record<string, string> = { 'ং': 'ng', 'ঃ': '', 'ঁ': 'n' };

const VIRAMA = '্';
const BENGALI_DIGIT_ZERO = 0x09e6;

/**
 * English letters as Bengali spells them when they stand alone ("T-Shirt" is টি শার্ট, "XL" এক্সএল):
 * a word of one Latin letter becomes its name.
 */
const LETTER_NAMES: Record<string, string> = {
  a: 'e',
  b: 'bi',
  c: 'si',
  d: 'di',
  e: 'i',
  f: 'ef',
  g: 'ji',
  h: 'eich',
  i: 'ai',
  j: 'je',
  k: 'ke',
  l: 'el',
  m: 'em',
  n: 'en',
  o: 'o',
  p: 'pi',
  q: 'kiu',
  r: 'ar',
  s: 'es',
  t: 'ti',
  u: 'iu',
  v: 'bhi',
  w: 'dablu',
  x: 'eks',
  y: 'oai',
  z: 'jed',
};

/** Whether a consonant at this index carries no vowel of its own and no virama (its vowel is inherent). */
const bare = (letters: string[], index: number) => {
  const next = letters[index + 1];
  return next === undefined || !(next in VOWEL_SIGNS || next === VIRAMA);
};

/**
 * One Bengali word in Latin letters. A consonant without a vowel sign or virama carries the
 * inherent vowel, spoken "o" (কটন "koton"), except where Bengali leaves it silent: at the end of
 * the word, before a consonant that has a vowel of its own once the word has had a vowel (নকশি
 * "nokshi"), and before a final স, the English plural (শর্টস "shorts", টপস "tops"). A
 * Bengali-only name is keyed the same way on both sides, so it always finds itself.
 */
export function romaniseBengali(word: string): string {
  // ড়, ঢ় and য় as one letter each: Unicode normalisation splits them into a letter and a nukta.
  const letters = [
    ...word
      .normalize('NFC')
      .replace(/\u09a1\u09bc/g, '\u09dc')
      .replace(/\u09a2\u09bc/g, '\u09dd')
      .replace(/\u09af\u09bc/g, '\u09df'),
  ];
  let out = '';
  let voiced = false;
  letters.forEach((letter, index) => {
    const previous = letters[index - 1];
    if (letter in INDEPENDENT_VOWELS || letter in VOWEL_SIGNS) {
      out += INDEPENDENT_VOWELS[letter] ?? VOWEL_SIGNS[letter];
      voiced = true;
    } else if (letter in OTHER_SIGNS) out += OTHER_SIGNS[letter];
    else if (letter in CONSONANTS) {
      // য-ফলা after a consonant (ব্যাগ "bag") and ব-ফলা (স্বাদ) are not sounded as letters.
      if (previous === VIRAMA && (letter === 'য' || letter === 'ব') && index >= 2) return;
      out += CONSONANTS[letter];
      if (!bare(letters, index) || index === letters.length - 1) return;
      const next = letters[index + 1] as string;
      const afterNext = letters[index + 2];
      const silent = (voiced && afterNext !== undefined && afterNext in VOWEL_SIGNS) || (next === 'স' && index + 2 === letters.length);
      if (!silent) {
        out += 'o';
        voiced = true;
      }
    } else if (letter >= '০' && letter <= '৯') out += String((letter.codePointAt(0) ?? BENGALI_DIGIT_ZERO) - BENGALI_DIGIT_ZERO);
    // The virama, joiners and anything else add nothing.
  });
  return out;
}

/** The same sounds spelt one way, in both scripts' romanised forms. Order matters. */
const FOLDS: [RegExp, string][] = [
  [/tch/g, 'ch'],
  [/ck/g, 'k'],
  [/ph/g, 'f'],
  [/qu?/g, 'k'],
  [/x/g, 'ks'],
  [/c(?=[eiy])/g, 's'],
  [/g(?=[eiy])/g, 'j'],
  // "size", "line": an English i before a consonant and a silent e is আই.
  [/i([bdfgjklmnprstvz])e/g, 'ai$1e'],
  [/ead/g, 'ed'],
  [/own/g, 'aun'],
  [/aw/g, 'o'],
  [/c(?!h)/g, 'k'],
  [/v/g, 'b'],
  [/z/g, 'j'],
  [/w/g, 'o'],
  [/chh/g, 'c'],
  [/ch/g, 'c'],
  [/sh/g, 's'],
  [/([bdgjkrt])h/g, '$1'],
  [/aa/g, 'a'],
  [/(oo|uu)/g, 'u'],
  [/(ee|ea|ie|ii)/g, 'i'],
  [/ey$/g, 'i'],
  // য় between vowels is a glide (ওয়াচ "watch").
  [/([aeiou])y(?=[aeiou])/g, '$1'],
  [/y/g, 'i'],
  // "shirt", "skirt", "jersey": Bengali writes the vowel before r and a consonant as আ (শার্ট).
  [/[eiu]r(?=[^aeiou])/g, 'ar'],
  // …and an English final -er as -ার (চার্জার, কভার).
  [/er$/g, 'ar'],
  // A silent final e ("lace", "piece") after a consonant, in a word that has another vowel.
  [/([aeiou][^aeiou]+)e$/g, '$1'],
  [/(.)\1+/g, '$1'],
];

function foldWord(word: string): string {
  return FOLDS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), word);
}

const BENGALI = /[\u0980-\u09ff]/;

/** The search key of a text (a name or a query): lower-case Latin letters and digits, no spaces. */
export function searchKey(text: string | null | undefined): string {
  if (!text) return '';
  const words = text
    .normalize('NFC')
    .toLowerCase()
    // Marks (vowel signs, virama) belong to their word; everything else but letters and digits splits words.
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  return words
    .map((word) => {
      if (BENGALI.test(word)) return foldWord(romaniseBengali(word));
      const latin = word.normalize('NFKD').replace(/[^a-z0-9]/g, '');
      if (/^[a-z]$/.test(latin)) return foldWord(LETTER_NAMES[latin] ?? latin);
      return foldWord(latin);
    })
    .join('');
}

/** The key a product or category keeps: its English and Bengali names', apart so no match spans both. */
export function nameSearchKey(name: string, nameBn: string | null | undefined): string {
  const bengali = searchKey(nameBn);
  return bengali ? `${searchKey(name)} ${bengali}` : searchKey(name);
}
