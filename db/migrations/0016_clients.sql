CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"paye_registered" boolean DEFAULT true NOT NULL,
	"uif_registered" boolean DEFAULT true NOT NULL,
	"sdl_registered" boolean DEFAULT true NOT NULL,
	"annual_payroll_cents" bigint,
	"payroll_under_500k" boolean DEFAULT false NOT NULL,
	"pay_frequency" text DEFAULT 'monthly' NOT NULL,
	"pay_day" text,
	"sector" text,
	"bargaining_council" text,
	"eti_eligible" boolean DEFAULT false NOT NULL,
	"special_economic_zone" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_user_idx" ON "clients" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;