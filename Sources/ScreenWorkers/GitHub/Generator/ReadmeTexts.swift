/// The READMEs of a snapshot: templates every generated repository's README is one of, and the
/// hand-written repositories' own.
enum ReadmeTexts {
    static let templates = [
        """
        # {{name}}

        {{description}}

        ## Installation

        ```sh
        git clone https://github.com/{{owner}}/{{name}}.git
        cd {{name}}
        make install
        ```

        ## Usage

        Run `{{name}} --help` to see every option. The defaults suit most projects.

        ## Contributing

        1. Fork it
        2. Create your feature branch (`git checkout -b my-new-feature`)
        3. Commit your changes
        4. Open a pull request

        ## License

        See [LICENSE](LICENSE).
        """,
        """
        {{name}}
        ========

        {{description}}

        Getting started
        ---------------

        * Read the [documentation](https://github.com/{{owner}}/{{name}}/wiki)
        * Report bugs in the [issue tracker](https://github.com/{{owner}}/{{name}}/issues)
        * Ask questions in *Discussions*

        Building
        --------

            ./configure
            make

        Maintained by [@{{owner}}](https://github.com/{{owner}}).
        """,
        """
        # {{name}} ![build](https://github.com/{{owner}}/{{name}}/actions/workflows/ci.yml/badge.svg)

        > {{description}}

        ## Features

        - **Fast**: no dependencies
        - **Small**: one file
        - Works on Linux, macOS and Windows

        ## Example

        ```
        {{name}} run --watch
        ```

        ## Changelog

        See the [releases](https://github.com/{{owner}}/{{name}}/releases) of the `{{branch}}` branch.
        """,
    ]

    /// The READMEs of hand-written repositories, by full name.
    static let own: [(repository: String, text: String)] = [
        ("mojombo/chronic", """
        Chronic
        =======

        Chronic is a natural language date/time parser written in pure Ruby. See below
        for the wide variety of formats Chronic will parse.

        ## Installation

        ```bash
        $ gem install chronic
        ```

        ## Usage

        ```ruby
        require 'chronic'

        Time.now   #=> Sun Aug 27 23:18:25 PDT 2006

        Chronic.parse('tomorrow')
          #=> Mon Aug 28 12:00:00 PDT 2006

        Chronic.parse('monday', :context => :past)
          #=> Mon Aug 21 12:00:00 PDT 2006
        ```

        Chronic uses Ruby's built in Time class for all time storage and computation.
        If no date or time can be found, Chronic returns `nil`.

        ## Examples

        Chronic can parse a huge variety of date and time formats:

        * tomorrow
        * 3 days from now
        * next tuesday at 5pm
        * the 2nd monday in may
        * 7 hours before tomorrow at noon

        ## Time Zones

        Chronic allows you to set which Time class to use when constructing times. By
        default, the built in Ruby time class creates times in your system's local
        time zone. You can set this to something like ActiveSupport's
        [TimeZone](http://api.rubyonrails.org/classes/ActiveSupport/TimeZone.html) class.

        ## Contribute

        If you'd like to hack on Chronic, start by forking the repo on GitHub:

        https://github.com/mojombo/chronic

        1. Clone down your fork
        2. Create a thoughtfully named topic branch to put your changes in
        3. Write tests for your changes and run `rake test`
        4. Push to your fork and [send a pull request](https://help.github.com/articles/using-pull-requests)
        """),
    ]
}
