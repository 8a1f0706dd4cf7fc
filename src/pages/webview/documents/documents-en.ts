// The web-view documents in English (see types.ts). Keep the five language modules in step:
// the same documents with the same sections in the same order.
import type { DocumentSet } from "./types";

const documents: DocumentSet = {
  about: {
    title: "About ShopRadar",
    summary:
      "ShopRadar is a mobile analytics app for short-video e-commerce in Southeast Asia. Sellers, creators and marketers in Vietnam, Indonesia, Thailand, Malaysia, the Philippines and Singapore use it to find out what sells.",
    sections: [
      {
        heading: "What we do",
        paragraphs: [
          "We follow products, shops, influencers, videos, music and hashtags across six markets and turn their daily figures into rankings, libraries and detail pages with sales analysis.",
          "Rankings are refreshed on fixed windows: the home ranking every 6 hours, the weekly trend every 12 hours at 12 o'clock and the fresh lists every 4 hours. Every list says when its data was updated.",
        ],
      },
      {
        heading: "Built for phones and flaky networks",
        paragraphs: [
          "ShopRadar is an installable web app. It opens from your home screen, shows the last lists you saw when you are offline, and sends what you did once the network is back.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [
          "Questions, ideas or a partnership? Write to us with the Contact Us form at the bottom of the home page; we answer within two working days.",
        ],
      },
    ],
  },
  resources: {
    title: "Resources",
    summary: "Short guides to get the most out of rankings, detail pages and search.",
    sections: [
      {
        heading: "Reading a ranking",
        paragraphs: [
          "Each list ranks by its rank type (for example top sale or breakout) over a window of 24 hours, 3, 7 or 30 days. The arrow next to a rank shows how far it moved since the previous refresh.",
          "Use the market and category filters to narrow a list to where you sell.",
        ],
      },
      {
        heading: "Understanding the numbers",
        paragraphs: [
          "Large figures are shortened to K (thousand), M (million), B (billion) and T (trillion) with one decimal. Money is shown in the market's currency with two decimals; rates are percentages with two decimals.",
          "Times are shown in the data's business time (London time plus one hour), so a day's figures always cover the same 24 hours in every market.",
        ],
      },
      {
        heading: "Detail pages",
        paragraphs: [
          "A product, influencer or video page shows its trend over 7, 15 or 30 days, or a custom range on the plans that include it. Related videos, influencers and products help you see why something sells.",
        ],
      },
      {
        heading: "Search and favourites",
        paragraphs: [
          "Search finds videos and influencers by title, name or handle in every market's language, even with a typo. Tap the heart on any card to keep it in your favourites on the Me page.",
        ],
      },
    ],
  },
  features: {
    title: "Features",
    summary: "What ShopRadar offers, and what each membership plan adds.",
    sections: [
      {
        heading: "Rankings and libraries",
        paragraphs: [
          "Rankings of products, influencers, videos, music and hashtags by market, category and window, with rank changes.",
        ],
      },
      {
        heading: "Detail analysis",
        paragraphs: [
          "Sales, views and engagement over time for every product, influencer and video, with related content and an influencer's posting calendar.",
        ],
      },
      {
        heading: "Search, favourites and monitoring",
        paragraphs: ["Typo-tolerant search, favourites kept across devices, and monitored influencer accounts."],
      },
      {
        heading: "Works offline",
        paragraphs: ["The last lists and pages you opened stay available without a network, with their age shown."],
      },
      {
        heading: "Membership plans",
        paragraphs: [
          'Without an account you see the top of each list. A free account adds daily detail views and searches. Basic, Premium and Pro memberships (monthly or yearly) unlock more rows, longer trends, custom ranges and more monitored accounts. Open "See what each plan unlocks" in the app for the exact limits.',
        ],
      },
    ],
  },
  terms: {
    title: "Service agreement",
    summary:
      "These terms govern your use of ShopRadar. By creating an account or using the app you accept them. Please read them carefully.",
    sections: [
      {
        heading: "1. The service",
        paragraphs: [
          "ShopRadar provides analytics about short-video e-commerce: rankings, detail pages, search and related tools. Figures are estimates built from public data and may differ from the platforms' own reports; they are not financial advice.",
        ],
      },
      {
        heading: "2. Your account",
        paragraphs: [
          "You register with a mobile number or an e-mail address and keep your password and verification codes to yourself. You are responsible for what happens under your account. Tell us at once if you think someone else has used it.",
        ],
      },
      {
        heading: "3. Memberships and payment",
        paragraphs: [
          "Paid plans are sold per month or per year at the price shown at checkout. Trials and coupons follow the conditions shown with them. A membership gives access for its period and is not transferable.",
        ],
      },
      {
        heading: "4. Acceptable use",
        paragraphs: [
          "Do not copy the data in bulk, resell it, scrape the service, share an account, or try to get around usage limits or security. We may limit or close accounts that do.",
        ],
      },
      {
        heading: "5. Availability and changes",
        paragraphs: [
          "We work to keep the service available but do not promise it will be uninterrupted. We may change features; when these terms change in a way that matters to you, we tell you in the app before the change applies.",
        ],
      },
      {
        heading: "6. Liability",
        paragraphs: [
          "To the extent the law allows, ShopRadar is not liable for indirect losses or for decisions made on the basis of the data. Nothing in these terms limits rights you have as a consumer under the law of your country.",
        ],
      },
      {
        heading: "7. Contact",
        paragraphs: ["Questions about these terms: use the Contact Us form at the bottom of the home page."],
      },
    ],
  },
  privacy: {
    title: "Privacy policy",
    summary:
      "This policy explains what personal data ShopRadar collects, why, how long we keep it and the choices you have.",
    sections: [
      {
        heading: "1. What we collect",
        paragraphs: [
          "Account data: your mobile number or e-mail address, a nickname and your password, which we store only as a salted hash.",
          "Usage data: pages you open and actions you take in the app, with a device id, a session id, your language, and your browser and network type. We use it to improve the app and to count plan usage.",
          "What you send us: messages from the Contact Us form and answers to our questionnaire.",
        ],
      },
      {
        heading: "2. Why we use it",
        paragraphs: [
          "To run your account and membership, keep the service secure, apply the limits of your plan, answer your messages and understand which features help people most. We do not sell personal data.",
        ],
      },
      {
        heading: "3. On your device",
        paragraphs: [
          "The app keeps a device id cookie for one year, your sign-in token, your search history (the last 10 searches), favourites made offline, questionnaire drafts and copies of the lists you opened, so it works offline. Signing out removes the copies tied to your account.",
        ],
      },
      {
        heading: "4. Notifications",
        paragraphs: [
          "Campaign notifications are sent only if you turn them on from the Me page, and you can turn them off there at any time.",
        ],
      },
      {
        heading: "5. How long we keep it",
        paragraphs: [
          "Account data for as long as your account exists; usage data for up to 24 months; contact messages for as long as needed to answer them.",
        ],
      },
      {
        heading: "6. Your rights",
        paragraphs: [
          "You may ask to see, correct or delete your personal data, or object to its use, by writing to us with the Contact Us form. We answer within 30 days.",
        ],
      },
    ],
  },
};

export default documents;
