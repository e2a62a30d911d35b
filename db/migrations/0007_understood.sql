DROP INDEX "messages_unanswered_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reading" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "confidence" real;--> statement-breakpoint
-- Answers from before readings were kept: the built-in engine's "I don't know" is known by its fixed opening.
UPDATE "messages" SET "outcome" = 'dont-know' WHERE "role" = 'assistant' AND "engine" = 'builtin' AND "content" LIKE 'I don''t know the answer to that one, and I won''t guess.%';--> statement-breakpoint
CREATE INDEX "messages_not_understood_idx" ON "messages" USING btree ("timestamp") WHERE outcome in ('dont-know', 'asked') or confidence < 0.7;