import { LOCALE_COOKIE } from '@leadgrid/shared/constants';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../test/helper';

const t = await useApp();
const RU = { cookie: `theme=dark; ${LOCALE_COOKIE}=ru` };
const EN = { cookie: `${LOCALE_COOKIE}=en` };

const putTags = (as: TestUser, headers: Record<string, string>, titles: string[]) =>
  t.request({ method: 'PUT', url: '/api/v1/tags', as, headers, payload: { items: titles.map((title) => ({ title, type: 'offer' })) } });
const login = (headers: Record<string, string>, payload: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', headers, payload });

describe("server messages in the reader's language", () => {
  it('answers a Russian reader in Russian: success messages, counted ones, errors', async () => {
    const admin = await t.make.user({ type: 'admin' });
    const one = await putTags(admin, RU, ['ru-one']);
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toBe('Тег создан');
    expect((await putTags(admin, RU, ['ru-two', 'ru-three'])).json().message).toBe('Создано тегов: 2');

    const twice = await putTags(admin, RU, ['ru-one']);
    expect(twice.statusCode).toBe(400);
    // a field error's message key stays a key: the web app translates those (product §8)
    expect(twice.json()).toEqual({
      statusCode: 400,
      message: 'Тег этого типа с таким названием уже существует',
      errors: [{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }],
    });

    const wrong = await login(RU, { email: admin.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Неверный e-mail или пароль');
    expect((await login(RU, { email: admin.email, password: admin.password })).json().message).toBe('Вы вошли');
  });

  it('translates field errors, from the schemas too', async () => {
    const admin = await t.make.user({ type: 'admin' });
    const res = await login(RU, { email: admin.email, password: admin.password, code: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Ошибка проверки данных',
      errors: [{ msg: 'Неверный код, попробуйте ещё раз', loc: ['body', 'code'] }],
    });
  });

  it('answers an English reader, and one without the language cookie, in English', async () => {
    const admin = await t.make.user({ type: 'admin' });
    for (const headers of [EN, {}]) {
      const title = `en-${Object.keys(headers).length}`;
      expect((await putTags(admin, headers, [title])).json().message).toBe('Tag created');
      expect((await putTags(admin, headers, [title])).json().message).toBe('A tag of this type with this title already exists');
      const code = await login(headers, { email: admin.email, password: admin.password, code: 'abc' });
      expect(code.json()).toMatchObject({ message: 'Validation failed', errors: [{ msg: 'Invalid code, please try again' }] });
    }
  });

  it('keeps English on the lead API, which partners’ servers parse', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/leads', headers: { ...RU, 'x-api-key': 'no-such-token' }, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid API token');
    // the same error on a route for people is translated
    const people = await t.request({ method: 'GET', url: '/api/v1/tags', headers: { ...RU, authorization: 'Bearer no-such-token' } });
    expect(people.statusCode).toBe(401);
    expect(people.json().message).toBe('Недействительный токен доступа');
  });
});
