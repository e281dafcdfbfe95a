import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, saveLanguage } from '../i18n/create-i18n';

/** Chooses English or Chinese for the whole app; the choice is kept for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      aria-label={t('settings.language')}
      value={current}
      onChange={(event) => {
        const language = event.currentTarget.value as Language;
        saveLanguage(window.localStorage, language);
        void i18n.changeLanguage(language);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`settings.${language}`) }))}
      size="sm"
      w={112}
      data-testid="language-switch"
    />
  );
}
