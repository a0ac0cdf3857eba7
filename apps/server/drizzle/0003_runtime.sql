CREATE TABLE "game_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"is_live_spec" boolean DEFAULT false NOT NULL,
	"multiplayer" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"world" jsonb NOT NULL,
	"state_version" integer NOT NULL,
	"spec" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gameplay_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"name" text NOT NULL,
	"when" timestamp with time zone NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"scene_id" text,
	"message" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_states" (
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"user_id" uuid,
	"game_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"state" jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"device_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_states_instance_id_player_id_pk" PRIMARY KEY("instance_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "game_instances" ADD CONSTRAINT "game_instances_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_instances" ADD CONSTRAINT "game_instances_version_id_game_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gameplay_records" ADD CONSTRAINT "gameplay_records_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gameplay_records" ADD CONSTRAINT "gameplay_records_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gameplay_records" ADD CONSTRAINT "gameplay_records_version_id_game_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_states" ADD CONSTRAINT "player_states_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_states" ADD CONSTRAINT "player_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_states" ADD CONSTRAINT "player_states_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_states" ADD CONSTRAINT "player_states_version_id_game_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_instances_game_idx" ON "game_instances" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "game_instances_version_idx" ON "game_instances" USING btree ("version_id","status");--> statement-breakpoint
CREATE INDEX "gameplay_records_version_idx" ON "gameplay_records" USING btree ("version_id","player_id","id");--> statement-breakpoint
CREATE INDEX "player_messages_pending_idx" ON "player_messages" USING btree ("instance_id","player_id") WHERE "player_messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "player_states_user_idx" ON "player_states" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "player_states_game_idx" ON "player_states" USING btree ("game_id","version_id");