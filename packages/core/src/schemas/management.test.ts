import { describe, test } from "vitest";
import type { z } from "zod";
import { formatZodIssue } from "./errors.ts";
import {
  AddTeamMemberBodySchema,
  ChangePlanBodySchema,
  CreateDatabaseBodySchema,
  CreateSearchIndexBodySchema,
  CreateTeamBodySchema,
  CreateVectorIndexBodySchema,
  DatabaseBudgetBodySchema,
  DatabaseSchema,
  DatabaseStatsSchema,
  DeleteTeamMemberBodySchema,
  GlobalStatsSchema,
  MoveDatabaseToTeamBodySchema,
  OkResponseSchema,
  QStashMoveToTeamBodySchema,
  QStashSetPlanBodySchema,
  QStashStatsSchema,
  QStashUserSchema,
  QueueBudgetBodySchema,
  QueueMoveToTeamBodySchema,
  RenameBodySchema,
  SearchIndexSchema,
  TeamMemberSchema,
  TeamSchema,
  TimeSeriesDataSchema,
  TransferBodySchema,
  UpdateRegionsBodySchema,
  VectorIndexSchema,
  VectorSetPlanBodySchema,
  VectorStatsSchema,
} from "./management.ts";

function issueOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  }
  return formatZodIssue(result.error, value);
}

const PERIOD_POINT = { x: "2025-10-23 17:34:00.000 +0000 UTC", y: 7 };
const DAILY_POINT = { x: "2025-10-19 18:33:05.244068975 +0000 UTC", y: 1 };

describe("TimeSeriesDataSchema", () => {
  test.for([
    PERIOD_POINT,
    DAILY_POINT,
    { x: "2023-05-22 10:59:23.426 +0000 UTC", y: 320 },
    { x: "2025-09-04 15:12:52.76649148 +0000 UTC", y: 1.333 },
  ])("accepts %j", (point, { expect }) => {
    expect(TimeSeriesDataSchema.parse(point)).toEqual(point);
  });

  test.for([
    { point: { x: "2025-10-23T17:34:00Z", y: 1 }, message: /^x: expected a Go time/ },
    {
      point: { x: PERIOD_POINT.x, y: "1" },
      message: /^y: Invalid input: expected number, received string$/,
    },
    { point: { y: 1 }, message: /^x is required$/ },
    { point: { x: PERIOD_POINT.x }, message: /^y is required$/ },
  ])("rejects $point", ({ point, message }, { expect }) => {
    expect(issueOf(TimeSeriesDataSchema, point)).toMatch(message);
  });
});

describe("VectorStatsSchema", () => {
  // Every field of spec/interfaces.md's table, with the openapi examples.
  const stats = {
    pending_index_count: 1,
    current_vector_count: 1000,
    daily_query_count: 100,
    daily_update_count: 10,
    monthly_query_count: 1000,
    monthly_update_count: 1000,
    monthly_bandwidth_usage: 7000,
    storage_usage: 7000,
    monthly_cost: 0.5,
    daily_rerank_count: 0,
    monthly_rerank_count: 10,
    days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"],
    daily_update_requests: [DAILY_POINT],
    daily_query_requests: [{ ...DAILY_POINT, y: 7 }],
    daily_bandwidths: [{ ...DAILY_POINT, y: 7 }],
    daily_rerank_requests: [DAILY_POINT],
    query_throughput: [PERIOD_POINT],
    update_throughput: [PERIOD_POINT],
    query_latency_mean: [{ ...PERIOD_POINT, y: 0 }],
    query_latency_99: [{ ...PERIOD_POINT, y: 0 }],
    update_latency_mean: [{ ...PERIOD_POINT, y: 0 }],
    update_latency_99: [{ ...PERIOD_POINT, y: 0 }],
    embeds_latency_mean: [{ ...PERIOD_POINT, y: 0 }],
    embeds_latency_99: [{ ...PERIOD_POINT, y: 0 }],
    rerank_latency_mean: [{ ...PERIOD_POINT, y: 0 }],
    rerank_latency_99: [{ ...PERIOD_POINT, y: 0 }],
    vector_count: [{ x: "2025-10-23 17:35:00.000 +0000 UTC", y: 2 }],
    data_size: [{ x: "2025-10-23 17:35:00.000 +0000 UTC", y: 76 }],
  };

  test("accepts every field of the spec", ({ expect }) => {
    expect(VectorStatsSchema.parse(stats)).toEqual(stats);
    expect(Object.keys(VectorStatsSchema.shape).sort()).toEqual(Object.keys(stats).sort());
  });

  test("every field is optional", ({ expect }) => {
    expect(VectorStatsSchema.parse({})).toEqual({});
  });

  test.for([
    {
      body: { current_vector_count: "1" },
      message: "current_vector_count: Invalid input: expected number, received string",
    },
    {
      body: { monthly_cost: null },
      message: "monthly_cost: Invalid input: expected number, received null",
    },
    { body: { days: "Sunday" }, message: "days: Invalid input: expected array, received string" },
    {
      body: { query_throughput: [{ x: "yesterday", y: 1 }] },
      message: /^query_throughput\[0\]\.x: expected a Go time/,
    },
    { body: { data_size: [{ x: PERIOD_POINT.x }] }, message: "data_size[0].y is required" },
  ])("rejects $body", ({ body, message }, { expect }) => {
    expect(issueOf(VectorStatsSchema, body)).toMatch(message);
  });
});

describe("other stats", () => {
  test("GlobalStats", ({ expect }) => {
    const stats = {
      record_count: 10,
      request: 10,
      bandwidth: 750,
      storage: 950,
      billing: 0.001,
      rerank_count: 0,
    };
    expect(GlobalStatsSchema.parse(stats)).toEqual(stats);
  });

  test("DatabaseStats, with monitor_count as a point or a series", ({ expect }) => {
    const stats = {
      monitor_count: [PERIOD_POINT],
      daily_net_commands: 3,
      keyspace: [PERIOD_POINT],
      dailyrequests: [{ x: "2025-08-31 15:12:52.799480932 +0000 UTC", y: 0 }],
      days: ["Sunday"],
      queue_optimized: false,
      total_monthly_billing: 1.333,
      command_counts: [{ metric_identifier: "EXISTS", data_points: [DAILY_POINT] }],
    };
    expect(DatabaseStatsSchema.parse(stats)).toEqual(stats);
    expect(DatabaseStatsSchema.parse({ monitor_count: PERIOD_POINT })).toEqual({
      monitor_count: PERIOD_POINT,
    });
  });

  test("QStashStats", ({ expect }) => {
    const stats = {
      days: ["Wednesday", "Thursday"],
      daily_requests: [
        {
          x: "2025-10-01 11:33:05.585757103 +0000 UTC",
          y: 0,
          workflow_message: 0,
          workflow_run: 0,
        },
      ],
      daily_billings: [{ x: "2025-10-01 11:33:05.585757103 +0000 UTC", y: 0 }],
      daily_qstash_messages: [
        {
          id: "delivered",
          data_points: [
            { x: "2023-05-22 10:59:23.426 +0000 UTC", y: 320 },
            { x: "2023-05-22 11:00:23.426 +0000 UTC", y: 450 },
          ],
        },
      ],
      dlq_message_count: 0,
      total_monthly_billing: 5.806,
    };
    expect(QStashStatsSchema.parse(stats)).toEqual(stats);
    expect(issueOf(QStashStatsSchema, { daily_workflow_messages: [{ data_points: [] }] })).toBe(
      "daily_workflow_messages[0].id is required",
    );
  });
});

describe("QueueBudgetBodySchema", () => {
  // Emulator choice (spec/management-api.md §3.5): 0, or 20 to 10000; the stated minimum wins.
  test.for([0, 20, 100, 10_000])("accepts %d", (budget, { expect }) => {
    expect(QueueBudgetBodySchema.parse({ budget })).toEqual({ budget });
  });

  test.for([1, 19, 10_001, -1])("rejects %d, stating the range", (budget, { expect }) => {
    expect(issueOf(QueueBudgetBodySchema, { budget })).toBe(
      "budget must be 0 (no limit) or between 20 and 10000",
    );
  });

  test("rejects 2.5 and other non-integers", ({ expect }) => {
    expect(issueOf(QueueBudgetBodySchema, { budget: 2.5 })).toBe(
      "budget must be an integer: 0 (no limit) or between 20 and 10000",
    );
    expect(issueOf(QueueBudgetBodySchema, { budget: 20.5 })).toBe(
      "budget must be an integer: 0 (no limit) or between 20 and 10000",
    );
    expect(issueOf(QueueBudgetBodySchema, { budget: "100" })).toBe(
      "budget must be an integer: 0 (no limit) or between 20 and 10000",
    );
  });

  test("requires budget", ({ expect }) => {
    expect(issueOf(QueueBudgetBodySchema, {})).toBe("budget is required");
  });

  test("the Redis budget is any non-negative integer", ({ expect }) => {
    expect(DatabaseBudgetBodySchema.parse({ budget: 5 })).toEqual({ budget: 5 });
    expect(issueOf(DatabaseBudgetBodySchema, { budget: -1 })).toBe("budget must not be negative");
    expect(issueOf(DatabaseBudgetBodySchema, { budget: 1.5 })).toBe("budget must be an integer");
  });
});

describe("our spec's bodies (spec/interfaces.md)", () => {
  test("move-to-team: queue_id on /queue, qstash_id on /qstash", ({ expect }) => {
    const ours = { queue_id: "q1", target_team_id: "t1" };
    expect(QueueMoveToTeamBodySchema.parse(ours)).toEqual(ours);
    expect(issueOf(QueueMoveToTeamBodySchema, { qstash_id: "q1", target_team_id: "t1" })).toBe(
      "queue_id is required",
    );
    const service = { qstash_id: "q1", target_team_id: "t1" };
    expect(QStashMoveToTeamBodySchema.parse(service)).toEqual(service);
    expect(issueOf(QStashMoveToTeamBodySchema, ours)).toBe("qstash_id is required");
    expect(issueOf(QueueMoveToTeamBodySchema, { queue_id: "q1", target_team_id: 7 })).toBe(
      "target_team_id: Invalid input: expected string, received number",
    );
  });

  test("search transfer", ({ expect }) => {
    const body = { target_account: "99a4c327-31f0-490f-a594-043ade84085a" };
    expect(TransferBodySchema.parse(body)).toEqual(body);
    expect(issueOf(TransferBodySchema, {})).toBe("target_account is required");
    expect(issueOf(TransferBodySchema, { target_account: "" })).toBe(
      "target_account: must not be empty",
    );
  });

  test("rename", ({ expect }) => {
    expect(RenameBodySchema.parse({ name: "new-index-name" })).toEqual({ name: "new-index-name" });
    expect(issueOf(RenameBodySchema, { name: 1 })).toBe(
      "name: Invalid input: expected string, received number",
    );
  });

  test("unknown keys are dropped", ({ expect }) => {
    expect(RenameBodySchema.parse({ name: "n", extra: true })).toEqual({ name: "n" });
  });

  test('"OK"', ({ expect }) => {
    expect(OkResponseSchema.parse("OK")).toBe("OK");
    expect(OkResponseSchema.safeParse("ok").success).toBe(false);
  });
});

describe("Redis databases", () => {
  const database = {
    database_id: "96ad0856-03b1-4ee7-9666-e81abd0349e1",
    database_name: "MyRedis",
    region: "global",
    port: 6379,
    creation_time: 1752649602,
    state: "active",
    endpoint: "beloved-stallion-58500",
    tls: true,
    password: "secret",
    rest_token: "AX…",
    read_only_rest_token: "Ar…",
    db_max_clients: 10000,
    // Above 2^53: arrives rounded from JSON, and must still be accepted.
    db_request_limit: JSON.parse("8024278031528736858") as number,
    type: "paid",
    budget: 360,
    primary_region: "us-east-1",
    primary_members: ["us-east-1"],
    all_members: ["us-east-1"],
    read_regions: ["us-east-2"],
    eviction: false,
    db_resource_size: "L",
    db_type: "pebble",
    db_acl_enabled: "false",
    prometheus_enabled: "false",
    securityAddons: {
      ipWhitelisting: false,
      vpcPeering: false,
      privateLink: false,
      tlsMutualAuth: false,
      encryptionAtRest: false,
    },
    prod_pack_enabled: false,
  };

  test("the record, credentials included", ({ expect }) => {
    expect(DatabaseSchema.parse(database)).toEqual(database);
  });

  test("the record names a wrong field", ({ expect }) => {
    expect(issueOf(DatabaseSchema, { ...database, db_acl_enabled: false })).toBe(
      'db_acl_enabled: Invalid option: expected one of "true"|"false"',
    );
    expect(issueOf(DatabaseSchema, { database_name: "x" })).toBe("database_id is required");
  });

  test("create: the current body, platform defaulting to aws", ({ expect }) => {
    expect(
      CreateDatabaseBodySchema.parse({
        database_name: "myredis",
        primary_region: "us-east-1",
        read_regions: ["us-west-1", "us-west-2"],
        plan: "payg",
        budget: 360,
        eviction: false,
        tls: true,
      }),
    ).toEqual({
      database_name: "myredis",
      platform: "aws",
      primary_region: "us-east-1",
      read_regions: ["us-west-1", "us-west-2"],
      plan: "payg",
      budget: 360,
      eviction: false,
      tls: true,
    });
  });

  test("create: old docs' `name`, and the Terraform provider's extras dropped", ({ expect }) => {
    expect(
      CreateDatabaseBodySchema.parse({
        name: "old",
        region: "global",
        primary_region: "eu-west-1",
        tls: true,
        consistent: false,
        multizone: true,
        auto_upgrade: false,
        prod_pack_enabled: false,
      }),
    ).toEqual({
      database_name: "old",
      platform: "aws",
      primary_region: "eu-west-1",
      read_regions: [],
      tls: true,
    });
  });

  test.for([
    { body: { primary_region: "us-east-1" }, message: "database_name is required" },
    { body: { database_name: "x" }, message: "primary_region is required" },
    {
      body: { database_name: "x", primary_region: "mars-1" },
      message: /^primary_region: Invalid option: expected one of "us-east-1"\|/,
    },
    {
      body: { database_name: "x", primary_region: "us-east-1", platform: "azure" },
      message: 'platform: Invalid option: expected one of "aws"|"gcp"',
    },
    {
      body: { database_name: "x", primary_region: "us-east-1", read_regions: ["europe-west1"] },
      message: /^read_regions\[0\]: Invalid option/,
    },
  ])("create rejects $body", ({ body, message }, { expect }) => {
    expect(issueOf(CreateDatabaseBodySchema, body)).toMatch(message);
  });

  test("change-plan accepts the CLI's `plan`", ({ expect }) => {
    expect(ChangePlanBodySchema.parse({ plan: "fixed_1gb" })).toEqual({ plan_name: "fixed_1gb" });
    expect(
      ChangePlanBodySchema.parse({ database_id: "d", plan_name: "payg", auto_upgrade: true }),
    ).toEqual({ database_id: "d", plan_name: "payg", auto_upgrade: true });
    expect(issueOf(ChangePlanBodySchema, {})).toBe("plan_name is required");
    expect(issueOf(ChangePlanBodySchema, { plan_name: "huge" })).toMatch(
      /^plan_name: Invalid option/,
    );
  });

  test("other bodies", ({ expect }) => {
    expect(UpdateRegionsBodySchema.parse({ read_regions: ["us-west-1"] })).toEqual({
      read_regions: ["us-west-1"],
    });
    expect(MoveDatabaseToTeamBodySchema.parse({ team_id: "t", database_id: "d" })).toEqual({
      team_id: "t",
      database_id: "d",
    });
    expect(issueOf(MoveDatabaseToTeamBodySchema, { team_id: "t" })).toBe("database_id is required");
  });
});

describe("vector and search indexes", () => {
  test("the vector index record", ({ expect }) => {
    const index = {
      customer_id: "example@upstash.com",
      id: "0639864f-ece6-429c-8118-86a287b0e808",
      name: "myindex",
      similarity_function: "COSINE",
      dimension_count: 384,
      embedding_model: "BGE_SMALL_EN_V1_5",
      sparse_embedding_model: "BM25",
      endpoint: "glowing-baboon-15797-us1",
      token: "QkZG…",
      read_only_token: "QkZG…",
      type: "fixed",
      region: "us-east-1",
      max_monthly_bandwidth: -1,
      reserved_price: 60,
      creation_time: 1753207106,
      index_type: "DENSE",
      throughput_vector: [
        { x: "2025-09-04 14:55:00.000 +0000 UTC", y: 0 },
        { x: "2025-09-04 14:56:00.000 +0000 UTC", y: 0 },
      ],
    };
    expect(VectorIndexSchema.parse(index)).toEqual(index);
    expect(issueOf(VectorIndexSchema, { ...index, index_type: "dense" })).toMatch(/^index_type: /);
  });

  test("create vector index", ({ expect }) => {
    const body = {
      name: "myindex",
      region: "us-east-1",
      similarity_function: "COSINE",
      dimension_count: 1024,
      type: "payg",
      embedding_model: "BGE_M3",
      index_type: "HYBRID",
      sparse_embedding_model: "BM25",
    };
    expect(CreateVectorIndexBodySchema.parse(body)).toEqual(body);
    expect(
      CreateVectorIndexBodySchema.parse({ ...body, index_type: "SPARSE", dimension_count: 0 }),
    ).toMatchObject({ dimension_count: 0 });
    expect(issueOf(CreateVectorIndexBodySchema, { ...body, dimension_count: 0 })).toBe(
      "dimension_count must be at least 1 for a dense or hybrid index",
    );
    expect(issueOf(CreateVectorIndexBodySchema, { ...body, dimension_count: "1024" })).toBe(
      "dimension_count: Invalid input: expected number, received string",
    );
    expect(issueOf(CreateVectorIndexBodySchema, { ...body, region: "ap-south-1" })).toMatch(
      /^region: Invalid option/,
    );
    const { similarity_function: _, ...withoutFunction } = body;
    expect(issueOf(CreateVectorIndexBodySchema, withoutFunction)).toBe(
      "similarity_function is required",
    );
  });

  test("setplan", ({ expect }) => {
    expect(VectorSetPlanBodySchema.parse({ target_plan: "payg" })).toEqual({ target_plan: "payg" });
    expect(issueOf(VectorSetPlanBodySchema, { target_plan: "pro" })).toMatch(/^target_plan: /);
  });

  test("the search index record and its create body", ({ expect }) => {
    const index = {
      customer_id: "example@upstash.com",
      id: "99a4c327-31f0-490f-a594-043ade84085a",
      name: "mySearchIndex",
      endpoint: "glowing-baboon-15797-us1",
      type: "payg",
      region: "us-central1",
      vercel_email: "",
      token: "ZXhh…",
      read_only_token: "ZXhh…",
      max_monthly_reranks: -1,
      creation_time: 1761200000,
      input_enrichment_enabled: true,
      throughput_vector: [{ x: "2025-10-23 20:54:00.000 +0000 UTC", y: 0 }],
    };
    expect(SearchIndexSchema.parse(index)).toEqual(index);
    const body = { name: "mySearchIndex", region: "eu-west-1", type: "payg" };
    expect(CreateSearchIndexBodySchema.parse(body)).toEqual(body);
    expect(issueOf(CreateSearchIndexBodySchema, { ...body, region: "us-east-1" })).toMatch(
      /^region: Invalid option/,
    );
    expect(issueOf(CreateSearchIndexBodySchema, { name: "x", region: "eu-west-1" })).toBe(
      "type is required",
    );
  });
});

describe("QStash users", () => {
  test("the record", ({ expect }) => {
    const user = {
      customer_id: "example@upstash.com",
      id: "99a4c327-31f0-490f-a594-043ade84085a",
      token: "ZXhh…",
      read_only_token: "ZXhh…",
      active: true,
      state: "active",
      last_plan_upgrade_time: 0,
      max_message_size: 1048576,
      max_dlq_retention_time_milis: 259200000,
      prod_pack_enabled: false,
      prometheus_enabled: "false",
      timeout: 900,
      type: "free",
      region: "eu-central-1",
      reserved_type: "",
      reserved_price: 0,
      created_by: "someone@upstash.com",
      creation_time: 1781871358,
      deletion_time: 0,
      budget: 0,
      enterprise: { enabled: true },
    };
    expect(QStashUserSchema.parse(user)).toEqual(user);
    expect("modifying_state" in QStashUserSchema.parse(user)).toBe(false);
    expect(issueOf(QStashUserSchema, { ...user, budget: "0" })).toBe(
      "budget: Invalid input: expected number, received string",
    );
  });

  test("set-plan", ({ expect }) => {
    expect(QStashSetPlanBodySchema.parse({ plan_name: "qstash_fixed_1m" })).toEqual({
      plan_name: "qstash_fixed_1m",
    });
    expect(issueOf(QStashSetPlanBodySchema, { plan_name: "free" })).toMatch(/^plan_name: /);
  });
});

describe("teams", () => {
  test("records", ({ expect }) => {
    const team = {
      team_id: "95849b27-40d0-4532-8695-d2028847f823",
      team_name: "test_team_name",
      copy_cc: true,
    };
    expect(TeamSchema.parse(team)).toEqual(team);
    const member = { ...team, member_email: "example@upstash.com", member_role: "owner" };
    expect(TeamMemberSchema.parse(member)).toEqual(member);
    expect(issueOf(TeamMemberSchema, { ...member, member_role: "guest" })).toMatch(
      /^member_role: Invalid option/,
    );
  });

  test("bodies", ({ expect }) => {
    expect(CreateTeamBodySchema.parse({ team_name: "myteam", copy_cc: true })).toEqual({
      team_name: "myteam",
      copy_cc: true,
    });
    expect(issueOf(CreateTeamBodySchema, { team_name: "myteam" })).toBe("copy_cc is required");
    const add = { team_id: "t", member_email: "a@b.c", member_role: "dev" };
    expect(AddTeamMemberBodySchema.parse(add)).toEqual(add);
    expect(issueOf(AddTeamMemberBodySchema, { ...add, member_role: "owner" })).toBe(
      'member_role: Invalid option: expected one of "admin"|"dev"|"finance"',
    );
    expect(issueOf(DeleteTeamMemberBodySchema, { team_id: "t" })).toBe("member_email is required");
  });
});
