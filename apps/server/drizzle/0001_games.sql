CREATE TABLE "edit_locks" (
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edit_locks_kind_resource_id_pk" PRIMARY KEY("kind","resource_id")
);
--> statement-breakpoint
CREATE TABLE "game_access" (
	"game_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "game_access_game_id_kind_email_pk" PRIMARY KEY("game_id","kind","email")
);
--> statement-breakpoint
CREATE TABLE "game_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"is_live_spec" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"version_notes" text DEFAULT '' NOT NULL,
	"restrict_access_to_designer" boolean DEFAULT false NOT NULL,
	"multiple_instances" boolean DEFAULT false NOT NULL,
	"new_instances_allowed" boolean DEFAULT true NOT NULL,
	"spec" jsonb,
	"schema_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"title" text NOT NULL,
	"public_access" text DEFAULT 'no' NOT NULL,
	"settings" jsonb NOT NULL,
	"public_version_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"orig_filename" text NOT NULL,
	"mimetype" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edit_locks" ADD CONSTRAINT "edit_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_access" ADD CONSTRAINT "game_access_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_public_version_id_game_versions_id_fk" FOREIGN KEY ("public_version_id") REFERENCES "public"."game_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_access_email_idx" ON "game_access" USING btree ("email","kind");--> statement-breakpoint
CREATE INDEX "game_versions_game_idx" ON "game_versions" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_versions_one_live_spec" ON "game_versions" USING btree ("game_id") WHERE "game_versions"."is_live_spec";--> statement-breakpoint
CREATE INDEX "games_owner_updated_idx" ON "games" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_updated_idx" ON "games" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_public_updated_idx" ON "games" USING btree ("updated_at" DESC NULLS LAST) WHERE "games"."public_access" <> 'no';--> statement-breakpoint
CREATE INDEX "media_game_created_idx" ON "media" USING btree ("game_id","created_at" DESC NULLS LAST);