CREATE TABLE "knowledge_drafts" (
	"item_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category_id" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"tax_years" text[] DEFAULT '{}'::text[] NOT NULL,
	"quotes_figures" boolean DEFAULT false NOT NULL,
	"editor_notes" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"publish_at" timestamp with time zone,
	"author_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category_id" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"tax_years" text[] DEFAULT '{}'::text[] NOT NULL,
	"editor_notes" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_categories" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_categories" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "tax_years" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "quotes_figures" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "last_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "last_verified_by" integer;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "editor_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "shipped_version" integer;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "edited_here" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "knowledge_drafts" ADD CONSTRAINT "knowledge_drafts_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_drafts" ADD CONSTRAINT "knowledge_drafts_category_id_knowledge_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."knowledge_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_drafts" ADD CONSTRAINT "knowledge_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_revisions" ADD CONSTRAINT "knowledge_revisions_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_revisions" ADD CONSTRAINT "knowledge_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_drafts_publish_at_idx" ON "knowledge_drafts" USING btree ("publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_revisions_item_number_idx" ON "knowledge_revisions" USING btree ("item_id","number");--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD CONSTRAINT "knowledge_items_last_verified_by_users_id_fk" FOREIGN KEY ("last_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Rows an admin changed before this migration keep their text when a newer shipped version arrives.
UPDATE "knowledge_items" k SET "edited_here" = true WHERE EXISTS (SELECT 1 FROM "admin_audit_log" a WHERE a."target" = k."id" AND a."action" IN ('knowledge.item.update', 'knowledge.item.create'));--> statement-breakpoint
-- Every existing article starts its history with what it holds now.
INSERT INTO "knowledge_revisions" ("item_id", "number", "kind", "note", "title", "content", "category_id", "keywords", "attachments", "tax_years", "editor_notes", "at")
SELECT "id", 1, 'imported', 'As it was when revisions began', "title", "content", "category_id", "keywords", "attachments", "tax_years", "editor_notes", now() FROM "knowledge_items";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
