ALTER TABLE "users" ADD COLUMN "birth_date" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sex" text;