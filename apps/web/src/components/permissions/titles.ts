/**
 * The permissions' titles in the reader's language. The server answers each permission with its English title from
 * the shared catalogue (packages/shared/src/access/permissions.ts); the Russian ones are here, by permission name, and a name
 * missing here is shown with the server's title (a test keeps the two lists equal).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const PERMISSION_TITLES_RU: Readonly<Record<string, string>> = {
  'front.dashboard.read': 'Дашборд',
  'front.menu.statistics.read': 'Меню статистики и лидов',
  'front.statistics.lead.read': 'Статистика лидов',
  'front.menu.offers.read': 'Меню офферов',
  'front.menu.landers_api.read': 'Меню Landing API',
  'front.menu.advertisers.read': 'Меню рекламодателей',
  'front.menu.affiliates.read': 'Меню партнёров',
  'front.affiliates.teams.read': 'Команды партнёров',
  'front.menu.employees.read': 'Меню сотрудников',
  'front.menu.campaigns.read': 'Меню кампаний',
  'front.menu.reports.read': 'Меню отчётов',
  'front.reports.downloads.read': 'Загрузки отчётов',
  'front.menu.clicks.read': 'Меню кликов',
  'front.menu.conversions.read': 'Меню конверсий',
  'front.menu.postback_log.read': 'Меню логов постбэков',
  'front.postback_log.affiliate.read': 'Логи постбэков партнёрам',
  'log.postback.advertiser.read': 'Логи постбэков рекламодателей',
  'front.settings.platforms.read': 'Платформы',
  'front.settings.tags.read': 'Теги',
  'front.settings.lists.read': 'Списки',
  'front.settings.integration_templates.read': 'Шаблоны интеграций',
  'front.settings.global_postback.read': 'Глобальный постбэк',
  'postback.global.update': 'Глобальный постбэк: изменение',
  'front.settings.domain_parking.read': 'Парковка доменов',
  'tag.update': 'Теги: создание, изменение и удаление',
  'category.update': 'Категории: создание и изменение',
  'traffic_source.update': 'Источники трафика: создание и изменение',
  'domain.update': 'Парковка доменов: создание и изменение',
  'front.settings.geo.read': 'Гео',
  'front.settings.hold_queue.read': 'Очередь холда',
  'geo.update': 'Гео: создание, изменение и удаление',
  'hold_queue.update': 'Очередь холда: создание, изменение и смена статуса',
  'settings.general.update': 'Общие настройки',
  'currency.update': 'Валюты',
  'payment_method.update': 'Способы оплаты',
  'notification.read': 'Уведомления',
  'notification.update': 'Уведомления: правила и каналы',
  'vertical.read': 'Вертикали',
  'vertical.update': 'Вертикали: создание, изменение и смена статуса',
  'platform.update': 'Платформы: создание, изменение, смена статуса и удаление',
  'integration_template.update': 'Шаблоны интеграций: создание, изменение и смена статуса',
  'advertiser.update': 'Рекламодатели и их интеграции: создание, изменение, блокировка и проверка',
  'offer.update': 'Офферы: создание и изменение офферов, лендингов, креативов, капов, правил выплат и назначений',
  'landers_api.update': 'Landing API: создание и изменение лендингов',
  'campaign.update': 'Кампании: создание, изменение, копирование и смена статуса (партнёры — своих)',
  'campaign.block': 'Кампании: блокировка и разблокировка',
  'postback.read': 'Постбэки партнёров и команд в доступе',
  'postback.own.read': 'Постбэки: свои',
  'postback.update': 'Постбэки: создание, изменение, смена статуса и проверка',
  'postback.own.update': 'Постбэки: создание, изменение, смена статуса и проверка своих',
  'metrics.read': 'Метрики',
  'metrics.update': 'Метрики: создание и изменение',
  'role.read': 'Роли: просмотр',
  'role.update': 'Роли: создание и изменение',
  'user.read': 'Пользователи: просмотр',
  'user.update': 'Пользователи: создание и изменение',
  'user.impersonate': 'Вход от имени другого пользователя',
  'affiliate.read': 'Партнёры и команды: просмотр всех',
  'affiliate.assigned.read': 'Партнёры и команды: просмотр закреплённых',
  'affiliate.update': 'Партнёры и команды: изменение всех',
  'affiliate.assigned.update': 'Партнёры и команды: изменение закреплённых',
  'team.update': 'Команды: создание, изменение, блокировка и состав',
  'balance.affiliate.read': 'Балансы партнёров',
  'invoice.affiliate.read': 'Счета партнёров',
  'balance.advertiser.read': 'Балансы рекламодателей',
  'invoice.advertiser.read': 'Счета рекламодателей',
  'balance.affiliate.update': 'Балансы партнёров: ручные корректировки',
  'balance.advertiser.update': 'Балансы рекламодателей: ручные корректировки',
  'invoice.affiliate.update': 'Счета партнёров: создание, изменение, отметка об оплате или отказе, выгрузка',
  'invoice.advertiser.update': 'Счета рекламодателей: создание, изменение, отметка об оплате или отказе',
  'conversion.read': 'Конверсии: все',
  'conversion.assigned.read': 'Конверсии: закреплённых партнёров',
  'conversion.own.read': 'Конверсии: свои',
  'conversion.update': 'Конверсии: одобрение, отклонение, холд и изменение',
  'click.read': 'Клики: все',
  'click.assigned.read': 'Клики: закреплённых партнёров',
  'click.own.read': 'Клики: свои',
  'click.update': 'Клики: изменение статуса и сабов',
  'lead.read': 'Лиды: все',
  'lead.assigned.read': 'Лиды: закреплённых партнёров',
  'lead.own.read': 'Лиды: свои',
  'lead.update': 'Лиды: переотправка, отправка в корзину, смена грейда',
};

/** A permission's title and description as shown: in Russian from the list above, otherwise as the server gave them. */
export function usePermissionText(): <P extends { name: string; title: string; description: string }>(p: P) => P {
  const { i18n } = useTranslation();
  const russian = i18n.language === 'ru';
  return useCallback(
    <P extends { name: string; title: string; description: string }>(p: P): P => {
      const title = russian ? PERMISSION_TITLES_RU[p.name] : undefined;
      // the catalogue's description is its title (no permission has one of its own)
      return title ? { ...p, title, description: p.description === p.title ? title : p.description } : p;
    },
    [russian],
  );
}
