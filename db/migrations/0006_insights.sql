CREATE TABLE "knowledge_item_views" (
	"item_id" text NOT NULL,
	"day" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "knowledge_item_views_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "knowledge_search_misses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"query" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_item_views" ADD CONSTRAINT "knowledge_item_views_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_search_misses" ADD CONSTRAINT "knowledge_search_misses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_item_views_day_idx" ON "knowledge_item_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "knowledge_search_misses_at_idx" ON "knowledge_search_misses" USING btree ("at");--> statement-breakpoint
CREATE INDEX "messages_unanswered_idx" ON "messages" USING btree ("timestamp") WHERE role = 'assistant' and engine = 'builtin' and content like 'I don''t know the answer to that one, and I won''t guess.%';