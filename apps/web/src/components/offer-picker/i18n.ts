/** Texts of the shared offer picker, in the `offerPicker` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'offerPicker';

export const en = {
  offer: 'Choose an offer',
  offers: 'Offers',
  noAccess: 'not available to this affiliate',
};

export const ru: typeof en = {
  offer: 'Выберите оффер',
  offers: 'Офферы',
  noAccess: 'недоступен этому партнёру',
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useOfferPickerT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
