// i18next set-up: zh-CN and en, the choice remembered in localStorage; the default follows the
// system language (Chinese systems get Chinese).
import i18n from 'i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

export type Language = 'zh-CN' | 'en';
const KEY = 'lab.language';

export function initialLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  if (saved === 'zh-CN' || saved === 'en') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(KEY, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;
// antd's date pickers name months and weekdays through dayjs' global locale.
const dayjsLocale = (lang: string) => (lang === 'zh-CN' ? 'zh-cn' : 'en');
dayjs.locale(dayjsLocale(i18n.language));
i18n.on('languageChanged', (lang) => dayjs.locale(dayjsLocale(lang)));

export default i18n;
