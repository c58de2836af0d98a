import { appointment, day, destination, language, skill, withArticle, writing } from "./goal-details";

/**
 * The embedded generator's knowledge (docs/decisions/159-embedded-generator-goal-recipes.md): for the
 * goals people bring to a planner, the concrete first steps that add something to their words,
 * with the goal's specifics filled in where the prompt names them. Each recipe answers 3 to 6
 * steps, each starting with a verb and under ten words, the most useful first.
 */
export type GoalRecipe = {
  /** The goal, as a person would name it. */
  goal: string;
  /** Words in a prompt that say it is about this goal. */
  match: RegExp;
  /** The steps, given the whole prompt (to read its specifics from). */
  steps: (prompt: string) => string[];
};

/** A trip without flights: by road, by rail, on foot or by bike. */
const OVERLAND =
  /\b(campervan|camper van|motorhome|road ?trip|drive|driving|by car|by train|train|rail|interrail|hike|hiking|walking|cycling|bike|by bus|ferry)\b/i;

/** Something broken to fix, not something to launch. */
const FAULT = /\b(leak\w*|bug\w*|crash\w*|error\w*|broken|outage|down|slow|fail\w*|fix\w*|debug\w*)\b/i;

/** Most specific first: the first recipe whose words a piece of the prompt contains wins. */
export const GOAL_RECIPES: readonly GoalRecipe[] = [
  {
    goal: "feeling overwhelmed",
    match:
      /\b(overwhelm\w*|swamped|drowning|too much (?:to do|on my plate|going on)|so much to do|don'?t know where to (?:start|begin)|behind on everything|stress(?:ed|ful)?|burn(?:ed|t)? ?out|can'?t keep up|all over the place|anxious)\b/i,
    steps: () => [
      "Write down everything on your mind",
      "Circle the three tasks that matter most today",
      "Start the smallest one for 10 minutes",
      "Move one task to today's No list",
      "Take a 5-minute walk away from screens",
    ],
  },
  {
    goal: "a job interview",
    match: /\binterview\w*\b/i,
    steps: (prompt) => {
      const when = day(prompt);
      return [
        "Research the company's latest news and products",
        "Write three stories that show your strengths",
        "Book a 30-minute mock interview",
        "Prepare two questions to ask the interviewer",
        when && when !== "today" ? `Plan your route and outfit before ${when}` : "Plan your route and outfit",
      ];
    },
  },
  {
    goal: "finding a job",
    match:
      /\b(new job|job hunt\w*|job search\w*|find(?:ing)? (?:a |another )?job|get hired|career change|change careers?|(?:cv|resume|résumé)|unemployed|laid off|promotion)\b/i,
    steps: () => [
      "Update your CV with your latest role",
      "List five companies you would like to work for",
      "Message two people in your network",
      "Set up job alerts on one job site",
      "Apply to one role this week",
    ],
  },
  {
    goal: "taxes",
    match: /\b(tax(?:es)?|tax return|self[- ]assessment|hmrc|irs|vat return)\b/i,
    steps: () => [
      "Find last year's tax return",
      "Gather this year's income statements and receipts",
      "List expenses you can deduct",
      "Check the filing deadline",
      "Block an hour to fill in the return",
    ],
  },
  {
    goal: "money and savings",
    match:
      /\b(money|budget\w*|savings?|save up|saving up|debts?|broke|overspend\w*|spending|finances?|financial|bills pile|credit card debt|pay off|emergency fund|invest\w*|pension|retire\w*)\b/i,
    steps: () => [
      "List this month's fixed expenses",
      "Check last month's bank statement",
      "Set a weekly spending limit",
      "Cancel one subscription you do not use",
      "Set up an automatic transfer to savings",
    ],
  },
  {
    goal: "moving home",
    match:
      /\b(mov(?:e|ing) (?:house|home|flats?|apartments?|out|in|abroad|cities|city|to a new)|relocat\w*|new (?:flat|apartment|house|place)|house ?hunting|flat ?hunting|removal(?:s| van| company))\b/i,
    steps: () => [
      "Get quotes from three removal companies",
      "Pick a moving date",
      "Collect boxes and packing tape",
      "Declutter one room before packing",
      "Redirect your post to the new address",
      "Set up energy and internet for the new place",
    ],
  },
  {
    goal: "a health appointment",
    match:
      /\b(doctor|dentist|dental|gp|check-?up|physio\w*|blood test|prescription|therap(?:y|ist)|optician|eye test|vaccin\w*|booster|symptoms?|rash|back pain|toothache|vet)\b/i,
    steps: (prompt) => {
      const kind = appointment(prompt) ?? "doctor";
      return [
        `Book ${withArticle(kind)} appointment`,
        "Write down your symptoms and questions",
        "List the medicines you take",
        "Check what your insurance covers",
        "Set a reminder the day before",
      ];
    },
  },
  {
    goal: "fitness",
    match:
      /\b(fit|fitter|fitness|in shape|exercis\w*|work ?out|working out|workouts?|gym|jog\w*|running|marathon|half marathon|5k|10k|lose weight|weight loss|stronger|cardio|yoga|pilates|active|couch to)\b/i,
    steps: (prompt) => {
      const running = /\b(run|running|jog\w*|marathon|5k|10k|couch to)\b/i.test(prompt);
      return [
        running ? "Download a beginner running plan" : "Pick three workout days this week",
        "Take a 20-minute walk today",
        "Lay out your workout clothes tonight",
        running ? "Book a gait check at a running shop" : "Book a class at a local gym",
        "Track each workout in your calendar",
      ];
    },
  },
  {
    goal: "eating well",
    match:
      /\b(eat(?:ing)? (?:healthier|better|well|clean|less|more)|diet|nutrition|meal ?prep\w*|junk food|sugar|snacking|vegetables|veggies|cook more)\b/i,
    steps: () => [
      "Plan three healthy dinners for this week",
      "Write a shopping list for those meals",
      "Prep tomorrow's lunch tonight",
      "Put a fruit bowl on the counter",
    ],
  },
  {
    goal: "sleeping better",
    match: /\b(sleep\w*|insomnia|bed ?time|tired all the time|exhausted|wake up earlier|morning person)\b/i,
    steps: () => [
      "Set a bedtime alarm for tonight",
      "Charge your phone outside the bedroom",
      "Pick one wake-up time for the whole week",
      "Stop caffeine after 2 pm",
    ],
  },
  {
    goal: "learning a language",
    match:
      /\b(language|spanish|french|german|italian|japanese|chinese|mandarin|korean|portuguese|arabic|russian|dutch|hindi|greek|swedish|turkish|polish|duolingo|fluent)\b/i,
    steps: (prompt) => {
      const name = language(prompt);
      return name
        ? [
            `Install ${withArticle(name)} course app`,
            `Learn 10 everyday ${name} words today`,
            `Schedule 15 minutes of ${name} practice daily`,
            `Find ${withArticle(name)} podcast for beginners`,
            `Book a trial lesson with ${withArticle(name)} tutor`,
          ]
        : [
            "Pick the language and your reason for it",
            "Install a language course app",
            "Schedule 15 minutes of practice daily",
            "Book a trial lesson with a tutor",
          ];
    },
  },
  {
    goal: "learning a skill",
    match:
      /\b(learn\w*|get better at|take up|pick up|guitar|piano|violin|drums|ukulele|coding|programming|python|javascript|drawing|painting|photography|knitting|sewing|chess|excel)\b/i,
    steps: (prompt) => {
      const name = skill(prompt);
      return name
        ? [
            `Find a beginner ${name} course or tutorial`,
            `Block 30 minutes for ${name} practice this week`,
            `Pick one simple ${name} goal for this month`,
            `Join a beginners' ${name} group or class`,
          ]
        : [
            "Find a beginner course or tutorial",
            "Block 30 minutes to practise this week",
            "Write down what you want to be able to do",
            "Join a beginners' group or class",
          ];
    },
  },
  {
    goal: "studying for an exam",
    match: /\b(exams?|finals|midterms?|revis(?:e|ing|ion)|study(?:ing)? for|test on|quiz|gcses?|a-levels?|bar exam)\b/i,
    steps: (prompt) => {
      const when = day(prompt);
      return [
        "List every topic the exam covers",
        "Mark the three topics you know least",
        "Schedule 45-minute study blocks until the exam",
        "Do one past paper under timed conditions",
        when && when !== "today" ? `Pack your exam kit before ${when}` : "Pack your exam kit the night before",
      ];
    },
  },
  {
    goal: "attending a wedding",
    match:
      /\b(?:(?:friend|sister|brother|cousin|colleague)'?s wedding|wedding invitation|going to (?:a|the) wedding|attend(?:ing)? (?:a|the) wedding|wedding guest)\b/i,
    steps: () => [
      "Reply to the invitation",
      "Buy a gift from the registry",
      "Book a place to stay nearby",
      "Plan your outfit and try it on",
    ],
  },
  {
    goal: "a wedding",
    match: /\b(wedding|getting married|engaged|elop\w*)\b/i,
    steps: () => [
      "Set a total budget for the wedding",
      "Draft the guest list",
      "Shortlist three venues to visit",
      "Pick two possible dates",
      "Book calls with two photographers",
    ],
  },
  {
    goal: "a party",
    match:
      /\b(party|birthday|celebrat\w*|bbq|barbecue|get-together|gathering|baby shower|housewarming|anniversary|reunion|hen do|stag do)\b/i,
    steps: (prompt) => {
      const when = day(prompt);
      return [
        when ? `Confirm the time for ${when}` : "Pick a date and time",
        "Write the guest list",
        "Send the invitations",
        "Plan the food and drinks",
        "Make a music playlist",
      ];
    },
  },
  {
    goal: "cleaning before guests",
    match:
      /\b(clean\w*|tidy\w*|mess|messy|declutter\w*|hoover\w*|vacuum\w*|chores|guests? (?:come|coming|arrive|arriving|over|visit)|(?:people|friends|family|in-laws) (?:are )?coming over|house ?work)\b/i,
    steps: (prompt) => {
      const when = day(prompt);
      return [
        "Clear the surfaces in the living room",
        "Clean the bathroom and put out fresh towels",
        "Run the dishwasher and empty the sink",
        "Vacuum the floors",
        when && when !== "today" ? `Make up the guest bed before ${when}` : "Take out the rubbish and recycling",
      ];
    },
  },
  {
    goal: "a garden",
    match: /\b(garden\w*|allotment|lawn|grass|plants?|planting|seeds?|vegetable patch|flower ?beds?|weeds?|compost)\b/i,
    steps: () => [
      "Pull the weeds in one bed",
      "Check which plants need water or feed",
      "List three plants to sow this month",
      "Buy compost and seeds",
      "Sharpen and clean your tools",
    ],
  },
  {
    goal: "a passport or other paperwork",
    match:
      /\b(passport|visa|driving licen[cs]e|driver'?s licen[cs]e|id card|birth certificate|paperwork|forms?|documents?|residence permit|council tax|insurance claim|renew(?:al)?)\b/i,
    steps: (prompt) => {
      const document = /\bpassport\b/i.test(prompt)
        ? "passport"
        : /\bvisa\b/i.test(prompt)
          ? "visa"
          : /\blicen[cs]e\b/i.test(prompt)
            ? "licence"
            : undefined;
      return document
        ? [
            `Check your ${document} expiry date`,
            `Find the official ${document} application page`,
            "Take a photo that meets the rules",
            "Gather the documents the form asks for",
            "Book the appointment or post the form",
          ]
        : [
            "List the forms and their deadlines",
            "Gather the documents each form asks for",
            "Fill in the first form today",
            "Make copies before you send anything",
          ];
    },
  },
  {
    goal: "a trip",
    match:
      /\b(trip|travel\w*|holiday|vacation|getaway|weekend away|road ?trip|honeymoon|backpack\w*|flights?|abroad|sightseeing|itinerary|city break|(?:weekend|week|days|nights) in|fly(?:ing)? to)\b/i,
    steps: (prompt) => {
      const place = destination(prompt);
      // A trip by road, rail or on foot has no flights to compare ("a campervan trip through Scotland").
      const overland = OVERLAND.test(prompt);
      if (overland) {
        return [
          place ? `Sketch a route through ${place} on a map` : "Sketch the route on a map",
          "Pick the dates and a daily budget",
          "Book the first night's stop",
          "List three places to stop on the way",
          "Check the vehicle or tickets you need",
        ];
      }
      return place
        ? [
            "Check passport expiry date",
            `Check visa and entry rules for ${place}`,
            `Compare flights to ${place} for your dates`,
            "List three neighbourhoods to stay in",
            "Set a daily budget for the trip",
            `Shortlist five things to do in ${place}`,
          ]
        : [
            "Check passport expiry date",
            "Pick the dates and a daily budget",
            "Compare flights or trains for your dates",
            "List three neighbourhoods to stay in",
            "Book the first night's stay",
          ];
    },
  },
  {
    goal: "writing something",
    match:
      /\b(writ(?:e|ing) (?:a |my |the )?(?:book|novel|blog|story|memoir|song)|essay|thesis|dissertation|novel|article|blog post|newsletter|report|paper|chapter|speech|cover letter|proposal|short story|presentation)\b/i,
    steps: (prompt) => {
      const piece = writing(prompt) ?? "piece";
      return [
        `Outline the ${piece} in five bullet points`,
        "Write 300 words of a rough first draft",
        "Collect three sources or examples to use",
        "Set a deadline for the first draft",
        "Book 45 minutes of writing time tomorrow",
      ];
    },
  },
  {
    goal: "launching something",
    match:
      /\b(launch\w*|ship(?:ping)? (?:it|my|the)|side project|startup|start-up|(?:start|set up|open|build|make|create)(?:ing)? (?:a|an|my|our) (?:new )?(?:business|product|app|website|online shop|podcast|youtube channel|portfolio))\b/i,
    steps: (prompt) =>
      // Something broken ("a memory leak in our Node API") is no launch to plan.
      FAULT.test(prompt)
        ? []
        : [
            "Write a one-paragraph pitch for it",
            "List the three must-have features",
            "Set a launch date in your calendar",
            "Make a simple landing page",
            "Tell five people who might use it",
            "Draft the launch announcement",
          ],
  },
  {
    goal: "reading more",
    match: /\b(read(?:ing)? (?:more|books?)|reading habit|book club)\b/i,
    steps: () => [
      "Pick one book to start this week",
      "Read 10 pages before bed tonight",
      "Keep the book where you usually scroll",
      "Join a book club or reading challenge",
    ],
  },
  {
    goal: "less screen time",
    // "Phone" alone is no habit: "a cheaper phone contract" is about money.
    match:
      /\b((?:on|off|my|the) phone (?:less|too much|all the time|at night|in bed)|less (?:time on|of) (?:my |the )?phone|screen ?time|social media|doom ?scroll\w*|tiktok|scrolling)\b/i,
    steps: () => [
      "Turn on a daily screen-time limit",
      "Move social apps off your home screen",
      "Charge your phone outside the bedroom",
      "Leave your phone in another room for an hour",
    ],
  },
  {
    goal: "getting things done",
    match:
      /\b(procrastinat\w*|productive|productivity|focus(?:ed)?|motivat\w*|disciplin\w*|putting (?:it|things|everything) off|lazy|distracted)\b/i,
    steps: () => [
      "Pick one task and work on it for 25 minutes",
      "Turn off notifications for an hour",
      "Break the next task into 10-minute steps",
      "Write tomorrow's top three tasks tonight",
    ],
  },
  {
    goal: "friends and family",
    match: /\b(friends?|family|lonely|social life|catch up with|reconnect\w*|relationships?|keep in touch)\b/i,
    steps: () => [
      "Message a friend to plan a catch-up",
      "Call a family member this week",
      "Put a monthly dinner with friends in your calendar",
      "Write down three people you miss",
    ],
  },
];

/** The recipe for a piece of a prompt, if any recipe's words are in it. */
export function findGoalRecipe(text: string): GoalRecipe | undefined {
  return GOAL_RECIPES.find((recipe) => recipe.match.test(text));
}
