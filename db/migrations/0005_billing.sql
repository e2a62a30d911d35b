CREATE TABLE "payfast_checkouts" (
	"ref" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"recurring_cents" integer NOT NULL,
	"billing_date" text NOT NULL,
	"token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payfast_itns" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_ip" text NOT NULL,
	"raw_body" text NOT NULL,
	"m_payment_id" text,
	"pf_payment_id" text,
	"payment_status" text,
	"user_id" integer,
	"state" text DEFAULT 'received' NOT NULL,
	"checks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"itn_id" integer,
	"pf_payment_id" text NOT NULL,
	"payment_status" text NOT NULL,
	"kind" text NOT NULL,
	"m_payment_id" text,
	"amount_cents" integer,
	"fee_cents" integer,
	"net_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "payment_events" CASCADE;--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "stripe_subscription_id" TO "payfast_token";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_through" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "renewal_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payfast_checkouts" ADD CONSTRAINT "payfast_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payfast_itns" ADD CONSTRAINT "payfast_itns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_itn_id_payfast_itns_id_fk" FOREIGN KEY ("itn_id") REFERENCES "public"."payfast_itns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payfast_checkouts_user_idx" ON "payfast_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payfast_itns_due_idx" ON "payfast_itns" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payfast_itns_received_idx" ON "payfast_itns" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_once_idx" ON "payments" USING btree ("pf_payment_id","payment_status");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_payfast_token_idx" ON "users" USING btree ("payfast_token");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_customer_id";