/** A two-step hand-work formula (draft, then publish): molecules that move only when a person says so. */
export const REVIEW_FORMULA = `
formula = "review"
execution = "local"

[[steps]]
id = "draft"
title = "Draft"
description = "Write the first version."

[[steps]]
id = "publish"
title = "Publish"
needs = ["draft"]
description = "Put it out."
`;
