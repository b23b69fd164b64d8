-- notification.read (the staff notification rules and channels: recipients' user ids, the Telegram chat id and the
-- token's last characters) is a staff permission (issue 15). The affiliate and advertiser-member roles already stored,
-- and the custom permission lists of their users, lose it; a user's own notifications stay at /notifications/my.
UPDATE "roles" SET "permissions" = "permissions" - 'notification.read'
WHERE "type" IN ('affiliate', 'advertiser_member') AND "permissions" ? 'notification.read';--> statement-breakpoint
UPDATE "users" SET "custom_permissions" = "users"."custom_permissions" - 'notification.read'
FROM "roles"
WHERE "roles"."id" = "users"."role_id" AND "roles"."type" IN ('affiliate', 'advertiser_member')
  AND "users"."custom_permissions" ? 'notification.read';
