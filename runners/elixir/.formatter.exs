[inputs: ["mix.exs", "lib/**/*.ex"], line_length: 110]
