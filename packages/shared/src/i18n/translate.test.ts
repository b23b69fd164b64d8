import { describe, expect, it } from 'vitest';
import { MESSAGES_RU } from './messages.ru';
import { messageShape, translateMessage } from './translate';

const catalogue = {
  'Offer saved': 'Оффер сохранён',
  Offer: 'Оффер',
  '{what} not found': 'Не найдено: {what}',
  'Lead {id} not found': 'Лид {id} не найден',
  'Country {country} is not accepted': 'Страна {country} не принимается',
  'Unknown macro {{macro}}': 'Неизвестный макрос {{macro}}',
  'campaign revoked': 'кампания отозвана',
};

describe('translateMessage', () => {
  it('translates a known message, and leaves an unknown one as written', () => {
    expect(translateMessage('Offer saved', catalogue)).toBe('Оффер сохранён');
    expect(translateMessage('Something new', catalogue)).toBe('Something new');
  });

  it('carries placeholders over, translating a value the catalogue knows', () => {
    expect(translateMessage('Country PL is not accepted', catalogue)).toBe('Страна PL не принимается');
    expect(translateMessage('Unknown macro {sub9}', catalogue)).toBe('Неизвестный макрос {sub9}');
    expect(translateMessage('Offer not found', catalogue)).toBe('Не найдено: Оффер');
    // the pattern with the longer literal text wins
    expect(translateMessage('Lead 7 not found', catalogue)).toBe('Лид 7 не найден');
  });

  it('translates clause by clause a message the catalogue does not know whole', () => {
    expect(translateMessage('Offer saved; campaign revoked', catalogue)).toBe('Оффер сохранён; кампания отозвана');
    expect(translateMessage('Offer saved; 2 campaigns moved', catalogue)).toBe('Оффер сохранён; 2 campaigns moved');
  });

  it('compares keys with source texts by shape', () => {
    expect(messageShape('Changed {n} leads: {ids}')).toBe('Changed {} leads: {}');
    expect(messageShape('Unknown macro {{macro}}')).toBe('Unknown macro {{}}');
  });

  it('translates the server catalogue’s counted messages with the count, and lists of values', () => {
    expect(translateMessage('3 tags created', MESSAGES_RU)).toBe('Создано тегов: 3');
    expect(translateMessage('Tag created', MESSAGES_RU)).toBe('Тег создан');
    expect(translateMessage('Tag not found', MESSAGES_RU)).toBe('Тег не найден');
    expect(translateMessage('This role is assigned to 3 users', MESSAGES_RU)).toBe('Эта роль назначена 3 пользователям');
    expect(translateMessage('Invoices: 2 paid, 1 declined', MESSAGES_RU)).toBe('Счета — оплачено: 2, отклонено: 1');
    expect(translateMessage('3 verticals changed status; stopped 2 advertisers, 1 offer', MESSAGES_RU)).toBe(
      'Изменён статус вертикалей: 3; остановлено — рекламодателей: 2, офферов: 1',
    );
    expect(translateMessage('An approved conversion cannot be put on hold', MESSAGES_RU)).toBe(
      'Конверсию в статусе «Одобрено» нельзя перевести в «Холд»',
    );
  });

  it('takes only a number for a count', () => {
    expect(translateMessage('Nobody paid', MESSAGES_RU)).toBe('Nobody paid');
  });
});
