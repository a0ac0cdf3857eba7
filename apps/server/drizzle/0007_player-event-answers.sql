CREATE TABLE "player_event_answers" (
	"instance_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"client_event_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_event_answers_instance_id_player_id_client_event_id_pk" PRIMARY KEY("instance_id","player_id","client_event_id")
);
--> statement-breakpoint
ALTER TABLE "player_event_answers" ADD CONSTRAINT "player_event_answers_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;