CREATE TABLE "knowledge_item_readers" (
	"item_id" text NOT NULL,
	"day" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "knowledge_item_readers_item_id_day_user_id_pk" PRIMARY KEY("item_id","day","user_id")
);
--> statement-breakpoint
-- Reads were counted per day without who read: repeat reads by one person cannot be told apart, so those counts go.
DROP TABLE "knowledge_item_views" CASCADE;--> statement-breakpoint
ALTER TABLE "knowledge_item_readers" ADD CONSTRAINT "knowledge_item_readers_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_item_readers" ADD CONSTRAINT "knowledge_item_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_item_readers_day_idx" ON "knowledge_item_readers" USING btree ("day");--> statement-breakpoint
-- One row per user and query from now on: the latest of each pair is kept.
DELETE FROM "knowledge_search_misses" a USING "knowledge_search_misses" b WHERE a."user_id" = b."user_id" AND a."query" = b."query" AND (a."at", a."id") < (b."at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_search_misses_user_query_idx" ON "knowledge_search_misses" USING btree ("user_id","query");