/** Texts of the list parts (bulk bar, status and delete confirmations), in the `listing` namespace. */
import i18n from '../../i18n';

export const NS = 'listing';

export const en = {
  status: {
    confirmTitle_one: 'Change the status to “{{status}}”?',
    confirmTitle_other: 'Change the status of {{count}} records to “{{status}}”?',
    confirmText: 'The change applies at once.',
    confirm: 'Change',
  },
  actions: {
    cancel: 'Cancel',
    delete: 'Delete',
    selected_one: '{{count}} selected',
    selected_other: '{{count}} selected',
    activate: 'Activate',
    deactivate: 'Deactivate',
    clearSelection: 'Clear',
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  status: {
    confirmTitle_one: 'Сменить статус на «{{status}}»?',
    confirmTitle_other: 'Сменить статус записей ({{count}}) на «{{status}}»?',
    confirmText: 'Изменение применяется сразу.',
    confirm: 'Сменить',
  },
  actions: {
    cancel: 'Отмена',
    delete: 'Удалить',
    selected_one: 'Выбрано: {{count}}',
    selected_other: 'Выбрано: {{count}}',
    activate: 'Активировать',
    deactivate: 'Деактивировать',
    clearSelection: 'Сбросить',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);
