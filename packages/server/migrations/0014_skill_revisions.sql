CREATE TABLE "skill_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skill_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"skill_kind" text NOT NULL,
	"skill_id" text NOT NULL,
	"user_id" text,
	"revision" text NOT NULL,
	"author_id" text,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_revisions_kind_check" CHECK ("skill_revisions"."skill_kind" in ('shared', 'personal')),
	CONSTRAINT "skill_revisions_action_check" CHECK ("skill_revisions"."action" in ('saved', 'restored', 'baseline')),
	CONSTRAINT "skill_revisions_owner_check" CHECK (("skill_revisions"."skill_kind" = 'personal') = ("skill_revisions"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "skill_revisions" ADD CONSTRAINT "skill_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_revisions" ADD CONSTRAINT "skill_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skill_revisions_skill_idx" ON "skill_revisions" USING btree ("skill_kind","skill_id","user_id","id");--> statement-breakpoint
CREATE INDEX "skill_revisions_revision_idx" ON "skill_revisions" USING btree ("revision");