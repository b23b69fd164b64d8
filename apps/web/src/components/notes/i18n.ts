/** Texts of the notes panel, in the `notes` namespace. */
import i18n from '../../i18n';

export const en = {
  title: 'Notes',
  hint: 'Visible to staff only, never to affiliates.',
  add: 'Add a note',
  save: 'Add note',
  cancel: 'Cancel',
  titleField: 'Title (optional)',
  contentField: 'Note',
  contentPlaceholder: 'Write a note for your team…',
  remove: 'Remove',
  removeTitle: 'Remove this note?',
  removeText: 'The note disappears for everyone. This cannot be undone.',
  emptyTitle: 'No notes yet',
  emptyText: 'Keep agreements, calls and reminders about this record here.',
  loadFailed: 'The notes could not be loaded',
  retry: 'Try again',
  more: 'Show more',
  by: '{{name}} · {{date}}',
  unknownAuthor: 'Former user',
};

export const ru: typeof en = {
  title: 'Заметки',
  hint: 'Видны только сотрудникам, никогда — партнёрам.',
  add: 'Добавить заметку',
  save: 'Добавить',
  cancel: 'Отмена',
  titleField: 'Заголовок (необязательно)',
  contentField: 'Заметка',
  contentPlaceholder: 'Напишите заметку для команды…',
  remove: 'Удалить',
  removeTitle: 'Удалить заметку?',
  removeText: 'Заметка исчезнет для всех. Отменить нельзя.',
  emptyTitle: 'Заметок пока нет',
  emptyText: 'Храните здесь договорённости, звонки и напоминания по этой записи.',
  loadFailed: 'Не удалось загрузить заметки',
  retry: 'Повторить',
  more: 'Показать ещё',
  by: '{{name}} · {{date}}',
  unknownAuthor: 'Бывший пользователь',
};

export const NS = 'notes';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
