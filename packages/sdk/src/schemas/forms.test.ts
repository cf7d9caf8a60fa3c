import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.js";
import {
  adminSetupFormSchema,
  marketAnalysisFormSchema,
  passwordChangeFormSchema,
  passwordChangeRequestSchema,
  profileFormSchema,
  registerFormSchema,
  registerRequestSchema,
  signInFormSchema,
  toRegisterRequest,
} from "./forms.js";

/** field → messages of a failed parse */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const validRegister = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  password: "Cool-Air9",
  confirmPassword: "Cool-Air9",
};

describe("register form", () => {
  it("accepts a valid form", () => {
    expect(registerFormSchema.safeParse(validRegister).success).toBe(true);
  });

  it("requires first and last name", () => {
    const errors = errorsOf(
      registerFormSchema.safeParse({ ...validRegister, firstName: "  ", lastName: "" }),
    );
    expect(errors.firstName).toEqual(["First name is required"]);
    expect(errors.lastName).toEqual(["Last name is required"]);
  });

  it("requires a valid email", () => {
    const errors = errorsOf(registerFormSchema.safeParse({ ...validRegister, email: "dana@" }));
    expect(errors.email).toEqual(["Valid email is required"]);
  });

  it.each([
    ["Sh0rt!", MESSAGES.passwordMin8],
    ["no-upper-case1", "Password must contain at least one uppercase letter"],
    ["NO-LOWER-CASE1", "Password must contain at least one lowercase letter"],
    ["No-Digits-Here", "Password must contain at least one number"],
    ["NoSpecial123", "Password must contain at least one special character"],
  ])("rejects password %s with %s", (password, message) => {
    const errors = errorsOf(
      registerFormSchema.safeParse({ ...validRegister, password, confirmPassword: password }),
    );
    expect(errors.password).toContain(message);
  });

  it("lists every broken password rule, in the spec's order", () => {
    const errors = errorsOf(
      registerFormSchema.safeParse({ ...validRegister, password: "", confirmPassword: "" }),
    );
    expect(errors.password).toEqual([
      "Password must be at least 8 characters",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one lowercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
  });

  it("shows Passwords don't match on confirmPassword, even while other fields fail", () => {
    const errors = errorsOf(
      registerFormSchema.safeParse({
        ...validRegister,
        firstName: "",
        confirmPassword: "Cool-Air8",
      }),
    );
    expect(errors.confirmPassword).toEqual(["Passwords don't match"]);
    expect(errors.firstName).toEqual(["First name is required"]);
  });

  it("builds the payload: confirmPassword dropped, username = email", () => {
    const payload = toRegisterRequest({ ...validRegister, email: " Dana@Example.com " });
    expect(payload).toEqual({
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      password: "Cool-Air9",
      username: "dana@example.com",
    });
    expect(registerRequestSchema.safeParse(payload).success).toBe(true);
  });

  it("rejects a request whose username is not the email", () => {
    const { confirmPassword: _c, ...body } = validRegister;
    const errors = errorsOf(
      registerRequestSchema.safeParse({ ...body, username: "someone-else@example.com" }),
    );
    expect(errors.username).toEqual([MESSAGES.usernameMustBeEmail]);
  });
});

describe("sign-in form", () => {
  it("requires a valid email and a password", () => {
    const errors = errorsOf(signInFormSchema.safeParse({ email: "nope", password: "" }));
    expect(errors).toEqual({
      email: ["Valid email is required"],
      password: ["Password is required"],
    });
  });

  it("reports missing fields with the same messages", () => {
    const errors = errorsOf(signInFormSchema.safeParse({}));
    expect(errors).toEqual({
      email: ["Valid email is required"],
      password: ["Password is required"],
    });
  });
});

describe("profile form", () => {
  it("uses the profile's own email message", () => {
    const errors = errorsOf(
      profileFormSchema.safeParse({ firstName: "", lastName: "", email: "x" }),
    );
    expect(errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Please enter a valid email address"],
    });
  });
});

describe("password change form", () => {
  it("requires current, a new password under registration's rules, and a confirmation", () => {
    const errors = errorsOf(
      passwordChangeFormSchema.safeParse({
        currentPassword: "",
        newPassword: "12345",
        confirmPassword: "",
      }),
    );
    expect(errors).toEqual({
      currentPassword: ["Current password is required"],
      newPassword: [
        "Password must be at least 8 characters",
        "Password must contain at least one uppercase letter",
        "Password must contain at least one lowercase letter",
        "Password must contain at least one special character",
      ],
      confirmPassword: ["Please confirm your password"],
    });
  });

  it("needs new and confirm to match", () => {
    const errors = errorsOf(
      passwordChangeFormSchema.safeParse({
        currentPassword: "old",
        newPassword: "New-pass1",
        confirmPassword: "New-pass2",
      }),
    );
    expect(errors).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  it("refuses what registration refuses (one password policy, not the spec's 6)", () => {
    for (const newPassword of ["abcdef", "aaaaaaaa", "Abcdefg1"]) {
      expect(
        passwordChangeRequestSchema.safeParse({ currentPassword: "x", newPassword }).success,
      ).toBe(false);
    }
    expect(
      passwordChangeRequestSchema.safeParse({ currentPassword: "x", newPassword: "Abcdefg1!" })
        .success,
    ).toBe(true);
  });
});

describe("admin setup form", () => {
  it("requires every field and a password under registration's rules", () => {
    const errors = errorsOf(
      adminSetupFormSchema.safeParse({ email: "", password: "12345", firstName: "", lastName: "" }),
    );
    expect(errors.email).toEqual(["Valid email is required"]);
    expect(errors.password?.[0]).toBe("Password must be at least 8 characters");
    expect(errors.firstName).toEqual(["First name is required"]);
    expect(errors.lastName).toEqual(["Last name is required"]);
    // Six characters passed the specification's rule; the complexity rules apply now.
    const weak = { email: "a@example.com", firstName: "A", lastName: "B" };
    expect(
      errorsOf(adminSetupFormSchema.safeParse({ ...weak, password: "secret" })).password,
    ).toContain("Password must contain at least one uppercase letter");
    expect(adminSetupFormSchema.safeParse({ ...weak, password: "Admin-pass1" }).success).toBe(true);
  });
});

describe("market-analysis form", () => {
  const valid = {
    state: "TX",
    city: "Austin",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
  };

  it("accepts the defaults", () => {
    expect(marketAnalysisFormSchema.parse(valid)).toEqual(valid);
  });

  it("requires state, city and industry with the spec's messages", () => {
    const errors = errorsOf(
      marketAnalysisFormSchema.safeParse({ ...valid, state: "", city: " ", industry: "" }),
    );
    expect(errors.state).toEqual(["Please select a state"]);
    expect(errors.city).toEqual(["Please enter a city"]);
    expect(errors.industry?.[0]).toBe("Please select an industry");
  });

  it("only lets HVAC through", () => {
    const errors = errorsOf(marketAnalysisFormSchema.safeParse({ ...valid, industry: "Plumbing" }));
    expect(errors.industry).toEqual([MESSAGES.industryComingSoon]);
  });

  it.each([
    [{ primaryRadius: 0 }, "primaryRadius", MESSAGES.primaryRadiusRange],
    [{ primaryRadius: 51, secondaryRadius: 60 }, "primaryRadius", MESSAGES.primaryRadiusRange],
    [{ secondaryRadius: 101 }, "secondaryRadius", MESSAGES.secondaryRadiusRange],
    [{ primaryRadius: 2.5 }, "primaryRadius", MESSAGES.radiusWholeMiles],
    [{ primaryRadius: 20, secondaryRadius: 10 }, "secondaryRadius", MESSAGES.secondaryBelowPrimary],
  ])("rejects %o", (change, field, message) => {
    const errors = errorsOf(marketAnalysisFormSchema.safeParse({ ...valid, ...change }));
    expect(errors[field]).toContain(message);
  });
});

describe("names", () => {
  it("are one line and at most 50 characters, in every form that takes them", () => {
    const base = { firstName: "Dana", lastName: "Reyes", email: "dana@example.com" };
    for (const [firstName, message] of [
      ["Dana\nVisit https://evil.example", "Name must be on one line"],
      ["Dana\u2028Visit", "Name must be on one line"],
      ["Dana\tReyes", "Name must be on one line"],
      ["D".repeat(51), "Name must be at most 50 characters"],
    ] as const) {
      expect(errorsOf(profileFormSchema.safeParse({ ...base, firstName })).firstName).toEqual([
        message,
      ]);
      expect(
        errorsOf(profileFormSchema.safeParse({ ...base, lastName: firstName })).lastName,
      ).toEqual([message]);
    }
    expect(profileFormSchema.safeParse({ ...base, firstName: "D".repeat(50) }).success).toBe(true);
    expect(
      profileFormSchema.safeParse({ ...base, firstName: "  Zoë-Anne O'Neil  " }).data?.firstName,
    ).toBe("Zoë-Anne O'Neil");
  });
});
