/**
 * Texts of the person parts the people and sell-side screens share (account fields, contacts, password, the
 * status and traffic cells), in the `person` namespace. Shell keys (status, validation) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'person';

export const en = {
  ageRule: 'The person must be over {{age}} years old',
  blockedBecause: 'Blocked: {{reason}}',
  teamAccessBlocked: 'The team’s access is blocked',
  fields: {
    birthDate: 'Birth date',
    contacts: 'Contacts',
    email: 'E-mail',
    firstName: 'First name',
    language: 'Language',
    lastName: 'Last name',
    newPassword: 'New password',
    password: 'Password',
    timezone: 'Time zone',
  },
  traffic: {
    open: 'Open',
    blocked: 'Blocked',
    blockedByTeam: 'Blocked by team',
    blockedLong: 'Traffic blocked',
    blockedByTeamLong: 'Traffic blocked by team',
    byTeamShort: 'Team blocked',
    byTeamHint: 'The affiliate’s team is blocked: its traffic is blocked too.',
  },
  password: {
    generate: 'Generate and e-mail',
    set: 'Set a password',
    keep: 'Keep the current one',
    change: 'Set a new one',
    generateHint: 'A password is generated and sent to the e-mail address above.',
  },
  contacts: {
    type: 'Contact type',
    add: 'Add a contact',
    remove: 'Remove this contact',
    empty: 'No contacts yet.',
    none: 'No contacts',
    limit: 'At most {{max}} contacts',
    types: {
      phone: 'Phone',
      telegram: 'Telegram',
      skype: 'Skype',
      url: 'Website',
      email: 'E-mail',
    },
    invalid: {
      phone: 'Digits, plus, dash, space, dot, underscore and parentheses only',
      telegram: 'A @username (5-32 letters, digits or _), a t.me link or a phone number',
      skype: 'A Skype name (6-32 characters) or a live: id',
      url: 'Enter a URL starting with http:// or https://',
      email: 'Enter a valid e-mail address',
    },
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  ageRule: 'Человеку должно быть больше {{age}} лет',
  blockedBecause: 'Заблокирован: {{reason}}',
  teamAccessBlocked: 'Доступ команды заблокирован',
  fields: {
    birthDate: 'Дата рождения',
    contacts: 'Контакты',
    email: 'E-mail',
    firstName: 'Имя',
    language: 'Язык',
    lastName: 'Фамилия',
    newPassword: 'Новый пароль',
    password: 'Пароль',
    timezone: 'Часовой пояс',
  },
  traffic: {
    open: 'Открыт',
    blocked: 'Заблокирован',
    blockedByTeam: 'Заблокирован командой',
    blockedLong: 'Трафик заблокирован',
    blockedByTeamLong: 'Трафик заблокирован командой',
    byTeamShort: 'Команда заблокирована',
    byTeamHint: 'Команда партнёра заблокирована, поэтому его трафик тоже заблокирован.',
  },
  password: {
    generate: 'Создать и отправить',
    set: 'Задать пароль',
    keep: 'Оставить текущий',
    change: 'Задать новый',
    generateHint: 'Пароль будет создан и отправлен на указанный e-mail.',
  },
  contacts: {
    type: 'Тип контакта',
    add: 'Добавить контакт',
    remove: 'Удалить контакт',
    empty: 'Контактов пока нет.',
    none: 'Нет контактов',
    limit: 'Не больше {{max}} контактов',
    types: {
      phone: 'Телефон',
      telegram: 'Telegram',
      skype: 'Skype',
      url: 'Сайт',
      email: 'E-mail',
    },
    invalid: {
      phone: 'Только цифры, плюс, дефис, пробел, точка, подчёркивание и скобки',
      telegram: '@имя (5-32 латинские буквы, цифры или _), ссылка t.me или номер телефона',
      skype: 'Имя Skype (6-32 символа) или идентификатор live:',
      url: 'Введите адрес, начинающийся с http:// или https://',
      email: 'Введите корректный e-mail',
    },
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the person parts: their own keys first, then the app's. */
export const usePersonT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
