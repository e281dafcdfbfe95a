import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import errorsEn from './errors.en.json';
import errorsZh from './errors.zh.json';
import zh from './zh.json';

/** The languages the app speaks, in the order the switch lists them. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'skilldock.language';

/** The language to start in: the one chosen before, else the browser's (`zh-*` → Chinese), else English. */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserLanguages: readonly string[],
): Language {
  const saved = storage?.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'zh') return saved;
  return browserLanguages.some((language) => language.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

/** Remembers the chosen language for the next visit. */
export function saveLanguage(storage: Pick<Storage, 'setItem'> | undefined, language: Language): void {
  try {
    storage?.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be full or disabled (private mode): the choice then lasts for this page only.
  }
}

/** A fresh i18next instance with the English and Chinese resources, starting in `language`. */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // The texts of error codes are a namespace of their own: the API's codes number in the hundreds,
    // and typed keys that many more make TypeScript give up on `t` (see describeApiError).
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    resources: {
      en: { translation: en, errors: errorsEn },
      zh: { translation: zh, errors: errorsZh },
    },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}
